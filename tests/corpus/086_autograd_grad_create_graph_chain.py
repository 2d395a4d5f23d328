import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * x).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
g
(h,) = torch.autograd.grad(g.sum(), x, create_graph=True)
h
t = torch.tensor(0.5, requires_grad=True)
f = torch.log(t)
(d1,) = torch.autograd.grad(f, t, create_graph=True)
d1
(d2,) = torch.autograd.grad(d1, t)
d2
lin = torch.tensor([2.0], requires_grad=True)
(dl,) = torch.autograd.grad(lin * 2, lin, create_graph=True)
dl
torch.autograd.grad(dl, lin)
