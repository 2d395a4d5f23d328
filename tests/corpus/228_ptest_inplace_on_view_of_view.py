import torch
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
b = a * 1
c = b[1]
d = c[1:]
d.mul_(3)
b
c
d
b.grad_fn
c.grad_fn
d.grad_fn
(b * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
a.grad
