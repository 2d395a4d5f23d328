import torch
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = torch.tensor([a * 2, b * 3])
c
c.requires_grad
d = torch.stack([a * 2, b * 3])
d
d.sum().backward()
a.grad
b.grad
