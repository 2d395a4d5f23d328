import torch
a = torch.tensor([1.0, 3.0, 3.0, 4.0], requires_grad=True)
b = torch.tensor([2.0, 3.0, 1.0, 4.0], requires_grad=True)
m = torch.maximum(a, b)
m
m.grad_fn
m.sum().backward()
a.grad
b.grad
a.grad = None
b.grad = None
n = torch.minimum(a, b)
n.sum().backward()
a.grad
b.grad
torch.maximum(a, torch.tensor(2.5))
torch.max(a, b)
torch.min(a, b)
a.maximum(b)
