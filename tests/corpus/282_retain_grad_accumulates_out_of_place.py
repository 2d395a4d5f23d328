import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.retain_grad()
z = y * 2
z.sum().backward(retain_graph=True)
g = y.grad
g
z.sum().backward(retain_graph=True)
y.grad
g
y.grad is g
y.grad = None
z.sum().backward()
y.grad
