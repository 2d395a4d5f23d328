import torch
from torch.autograd.functional import hessian
x = torch.tensor([1.0, 2.0, 3.0])
def f(x):
    return x ** 2
hessian(f, x)
