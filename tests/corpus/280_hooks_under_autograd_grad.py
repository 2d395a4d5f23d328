import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x.register_hook(lambda g: g * 2)
g, = torch.autograd.grad((x * 3).sum(), x)
g
x.grad
y = x * 2
y.register_hook(lambda g: g - 1)
y.retain_grad()
g2, = torch.autograd.grad((y * y).sum(), x)
g2
y.grad
