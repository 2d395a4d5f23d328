import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.retain_grad()
y.register_hook(lambda g: g * 100)
(y * 3).sum().backward()
y.grad
x.grad
x.grad = None
z = x * 2
z.register_hook(lambda g: g * 100)
z.retain_grad()
(z * 3).sum().backward()
z.grad
x.grad
