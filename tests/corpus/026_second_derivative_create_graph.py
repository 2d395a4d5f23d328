import torch
x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
(g,) = torch.autograd.grad(y, x, create_graph=True)
g
g.requires_grad
(h,) = torch.autograd.grad(g, x, create_graph=True)
h
(k,) = torch.autograd.grad(h, x)
k
x.grad
u = torch.tensor([0.5, 1.0], requires_grad=True)
d1 = torch.autograd.grad(torch.sin(u).sum(), u, create_graph=True)[0]
d1
d2 = torch.autograd.grad(d1.sum(), u)[0]
d2
