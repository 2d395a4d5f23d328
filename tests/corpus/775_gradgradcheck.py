import torch
from torch.autograd import gradcheck, gradgradcheck

torch.manual_seed(0)
x = torch.randn(3, dtype=torch.double, requires_grad=True)
y = torch.randn(3, dtype=torch.double, requires_grad=True)


def f(a, b):
    return (a * b).sin() + a ** 3


print(gradcheck(f, (x, y)))
print(gradgradcheck(f, (x, y)))
print(torch.rand(2))
print(gradgradcheck(lambda t: t.exp().sum(), (x,)))
print(torch.rand(2))
print(torch.autograd.gradgradcheck(lambda t: (t ** 2).sum(), x))
