import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
d = x.detach()
d
d.requires_grad, d.is_leaf
c = x.clone()
c
c.is_leaf
(c * 3).sum().backward()
x.grad
d[0] = 10.0
x
x.data
x.data.requires_grad
x.data = torch.tensor([3.0, 4.0])
x
x.is_leaf
