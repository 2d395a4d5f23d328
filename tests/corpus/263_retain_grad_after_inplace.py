import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
a = x * 1
a.retain_grad()
a.mul_(3)
b = a * a
b.sum().backward()
a.grad
x.grad
c = x * 1
c.register_hook(lambda g: g * 100)
c.add_(1)
c.retain_grad()
(c * 2).sum().backward()
c.grad
x.grad
