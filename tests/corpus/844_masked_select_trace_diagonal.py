import torch

x = torch.tensor([[0.5, -1.2, 2.0, 0.1], [1.5, 0.3, -0.7, 0.9], [-0.4, 1.1, 0.6, -2.0]],
                 requires_grad=True)
s = x.masked_select(x > 0.4)
print(s, s.grad_fn.name())
row = torch.masked_select(x[0], torch.tensor([[True, False, True, False], [False, True, True, True]]))
print(row)  # the input broadcast to the mask's shape
t = torch.trace(x)
print(t, t.grad_fn.name(), x.trace())
d = x.diagonal()
print(d, d.grad_fn.name(), d.is_contiguous())
print(torch.diagonal(x, 1), x.diagonal(-1), x.diagonal(offset=2), x.diagonal(5))
cube = torch.arange(24.0).view(2, 3, 4)
print(cube.diagonal(1, 0, 2), torch.diagonal(cube, dim1=-1, dim2=0), cube.diagonal(-1, 1, 2))
w = torch.linspace(-1.0, 1.0, 7)
loss = (s * w[: s.numel()]).sum() + (row ** 2).sum() + t * 3 + (x.diagonal(1) * w[:3]).sum() \
    + x.diagonal(-1).exp().sum() + (x * x).diagonal(2).sum()
loss.backward()
print(loss)
print(x.grad)

# a diagonal is a view: writing through it changes the base
y = x.detach().clone().requires_grad_()
z = y * 1
z.diagonal().mul_(10)
print(z, z.grad_fn.name())
z.sum().backward()
print(y.grad)
m = torch.zeros(3, 3)
m.diagonal().fill_(2.0)
m.diagonal(1).copy_(torch.tensor([5.0, 6.0]))
print(m)

# second derivatives
v = torch.tensor([[0.5, 1.5], [-1.0, 2.0]], requires_grad=True)
(g,) = torch.autograd.grad(torch.trace(v ** 3) + v.masked_select(v > 0).pow(3).sum(), v,
                           create_graph=True)
print(g)
g.sum().backward()
print(v.grad)
v.grad = None
(h,) = torch.autograd.grad((v.diagonal(1) ** 3).sum(), v, create_graph=True)
print(h, h.grad_fn.name())
h.sum().backward()
print(v.grad)
print(torch.trace(torch.arange(9).view(3, 3)), torch.trace(torch.ones(2, 3)))
