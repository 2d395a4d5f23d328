import torch
x = torch.ones(5, 5, requires_grad=True)
y = x * 2
y.retain_grad()
(y / 2).sum().backward()
y.grad
x.grad
