import torch
x = torch.tensor([2.0], requires_grad=True)
h = x ** 2
h.register_hook(lambda g: g * 10)
out = h * 3 + h * h
out.backward()
x.grad
