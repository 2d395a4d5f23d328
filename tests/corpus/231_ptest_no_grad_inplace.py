import torch
a = torch.ones(5, 5, requires_grad=True)
b = a * 2
with torch.no_grad():
    b.add_(5)
b[0, 0]
b.requires_grad
b.grad_fn
b.sum().backward()
a.grad[0]
