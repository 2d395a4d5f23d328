import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
d = x.detach()
d
d.requires_grad
d.is_leaf
d[0] = 5.0
x
d.add_(1)
x
y = x * 2
yd = y.detach()
yd.requires_grad
yd.grad_fn
y.detach_()
y.requires_grad
y.is_leaf
y
z = x.detach().clone().requires_grad_(True)
z
z.is_leaf
(z * 3).sum().backward()
z.grad
x.grad
