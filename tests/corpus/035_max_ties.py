import torch
x = torch.tensor([1.0, 3.0, 3.0, 2.0], requires_grad=True)
m = x.max()
m
m.backward()
x.grad
x.grad = None
r = torch.max(x, dim=0)
r.values, r.indices
r.values.backward()
x.grad
x.grad = None
x.min().backward()
x.grad
y = torch.tensor([1.0, 1.0, 3.0], requires_grad=True)
y.min().backward()
y.grad
