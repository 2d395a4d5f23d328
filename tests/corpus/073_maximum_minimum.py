import torch
x = torch.tensor([1.0, 3.0, 0.0], requires_grad=True)
y = torch.tensor([2.0, 3.0, -1.0], requires_grad=True)
m = torch.maximum(x, y)
m
m.grad_fn
m.sum().backward()
x.grad, y.grad
x.grad = None
y.grad = None
n = torch.minimum(x, y)
n
n.sum().backward()
x.grad, y.grad
z = torch.tensor([0.0, -1.0], requires_grad=True)
torch.maximum(z, torch.zeros(2)).sum().backward()
z.grad
x.maximum(torch.tensor(1.5))
