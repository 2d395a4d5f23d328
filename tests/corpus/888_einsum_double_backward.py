import torch

torch.manual_seed(7)
x = torch.randn(3, 4, requires_grad=True)
w = torch.randn(4, 2, requires_grad=True)
y = torch.einsum("ij,jk->ik", x, w)
loss = (y ** 2).sum()
gx, = torch.autograd.grad(loss, x, create_graph=True)
gx
gx.grad_fn
penalty = gx.pow(2).sum()
penalty.backward()
x.grad
w.grad
m = torch.randn(3, 3, requires_grad=True)
d = torch.einsum("ii->i", m)
gm, = torch.autograd.grad((d ** 3).sum(), m, create_graph=True)
gm
gm.grad_fn
gm.sum().backward()
m.grad
