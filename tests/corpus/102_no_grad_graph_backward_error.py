import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
with torch.no_grad():
    y.backward()
x.grad
with torch.no_grad():
    z = (x ** 2).sum()
z.requires_grad, z.grad_fn
z.backward()
