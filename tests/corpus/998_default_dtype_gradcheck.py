# A gradcheck program as real ones begin: torch.set_default_dtype(torch.float64), then inputs made without dtype= are double, gradcheck's finite differences are precise, and the sympy check holds in float64
import torch
from torch.autograd import gradcheck

torch.get_default_dtype()
torch.set_default_dtype(torch.float64)
torch.get_default_dtype()
torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
x
w = torch.rand(3, 2, requires_grad=True)
w.dtype


def f(x, w):
    return torch.tanh(x @ w).sin() * 2.5


gradcheck(f, (x, w))
y = f(x, w)
y
y.grad_fn
loss = (y ** 2).sum() + x.exp().mean()
loss.backward()
x.grad
w.grad
r = torch.linspace(0.5, 2.0, 4, requires_grad=True)
z = torch.log(r) / r + torch.tensor([1, 2, 3, 4]) * 0.5
z
z.sum().backward()
r.grad
torch.autograd.gradcheck(lambda t: torch.log(t) / t, (r,))
torch.set_default_dtype(torch.float32)
torch.tensor([1.5]).dtype
x.dtype
