import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda g: g * 100)
(y * 3).sum().backward()
x.grad
