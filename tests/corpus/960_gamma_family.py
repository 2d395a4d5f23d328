# lgamma, digamma, polygamma, mvlgamma: values at and near the poles, gradients, double backward
import torch
x = torch.tensor([0.5, 1.0, 2.5, -1.5, 7.25], requires_grad=True)
torch.lgamma(x)
x.digamma()
torch.polygamma(1, x)
x.polygamma(3)
torch.special.psi(x)
torch.special.gammaln(x)
(torch.lgamma(x) * torch.tensor([1.0, -2.0, 0.5, 3.0, -1.0])).sum().backward()
x.grad
g, = torch.autograd.grad(torch.lgamma(x).sum(), x, create_graph=True)
g
g.grad_fn
g2, = torch.autograd.grad(g.sum(), x)
g2
torch.lgamma(torch.tensor([0.0, -1.0, -2.0]))
torch.digamma(torch.tensor([0.0, -0.0, -2.0]))
torch.polygamma(1, torch.tensor([-2.0, 0.0]))
torch.lgamma(torch.tensor([1, 2, 3]))
y = torch.tensor([2.0, 3.5], requires_grad=True)
m = torch.mvlgamma(y, 3)
m
m.sum().backward()
y.grad
torch.special.multigammaln(y, 2)
try:
    torch.polygamma(-1, x)
except RuntimeError as e:
    print(e)
try:
    torch.mvlgamma(y, 0)
except RuntimeError as e:
    print(e)
try:
    torch.mvlgamma(torch.tensor([True]), 1)
except RuntimeError as e:
    print(e)
z = torch.tensor([1.5, 2.5])
z.lgamma_()
z
z.polygamma_(1)
z
