import torch
from torch.autograd.functional import jacobian
x = torch.tensor([1.0, 2.0])
y = torch.tensor([3.0, 4.0])
def uses_x(x, y):
    return x * 2
print(jacobian(uses_x, (x, y)))
try:
    jacobian(uses_x, (x, y), strict=True)
except RuntimeError as e:
    print("strict:", e)
try:
    jacobian(lambda x: torch.ones(2), x, strict=True)
except RuntimeError as e:
    print("constant:", e)
jacobian(uses_x, (x, y), strict=True, vectorize=True)
