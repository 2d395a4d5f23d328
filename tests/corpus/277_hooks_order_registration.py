import torch
x = torch.tensor([1.0], requires_grad=True)
x.register_hook(lambda g: g + 1)
x.register_hook(lambda g: g * 2)
x.backward()
x.grad
y = torch.tensor([1.0], requires_grad=True)
y.register_hook(lambda g: g * 2)
y.register_hook(lambda g: g + 1)
y.backward()
y.grad
