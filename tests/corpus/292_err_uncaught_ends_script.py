import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.sum().backward()
x.grad
y.sum().backward()
x.grad
