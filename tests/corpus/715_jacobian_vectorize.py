import torch
from torch.autograd.functional import jacobian
torch.manual_seed(0)
def f(x):
    return torch.stack([x[0] * x[1], x[1] ** 2, torch.sin(x[2])])
x = torch.rand(3)
J1 = jacobian(f, x)
J2 = jacobian(f, x, vectorize=True)
print(torch.allclose(J1, J2))
J3 = jacobian(f, x, vectorize=True, strategy="forward-mode")
print(J3)
J4 = jacobian(f, x, create_graph=True, vectorize=True)
print(J4.grad_fn.name())
jacobian(f, x, strategy="forward-mode")
