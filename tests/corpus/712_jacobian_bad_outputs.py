import torch
from torch.autograd.functional import jacobian
x = torch.tensor([1.0, 2.0])
try:
    jacobian(lambda x: x.sum().item(), x)
except TypeError as e:
    print(e)
try:
    jacobian(lambda x: x.sum(), (x, 2.0))
except TypeError as e:
    print(e)
jacobian(lambda x: [x, x], x)
