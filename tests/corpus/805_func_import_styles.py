import torch
import torch.func
from torch.func import grad as g
import torch.func as fx
x = torch.tensor(0.5)
print(torch.func.grad(torch.exp)(x))
print(g(lambda x: x ** 3)(x))
print(fx.grad_and_value(torch.tanh)(x))
print(torch.func.hessian(lambda x: x ** 4)(x))
print(torch.func.jacrev(torch.exp)(torch.tensor([0.0, 1.0])))
