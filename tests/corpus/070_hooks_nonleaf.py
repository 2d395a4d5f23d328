import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.retain_grad()
hy = y.register_hook(lambda g: g * 100)
(y * 3).sum().backward()
y.grad
x.grad
x.grad = None
hy.remove()
z = x * 2
z.register_hook(lambda g: g + 1)
z.register_hook(lambda g: g * 2)
z.sum().backward()
x.grad
c = torch.ones(2)
c.register_hook(lambda g: g)
