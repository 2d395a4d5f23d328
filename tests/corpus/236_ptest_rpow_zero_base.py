import torch
b = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
y = 0 ** b
y
y.sum().backward()
b.grad
b.grad = None
y = 2 ** b
y.sum().backward()
b.grad
b.grad = None
y = (-2) ** b
y
y.sum().backward()
b.grad
