import torch
x = torch.ones(5, 5, requires_grad=True)
y = x + 2
y = y.detach()
z = y * 4 + 2
y.requires_grad
z.requires_grad
x = torch.ones(5, 5, requires_grad=True)
y = x * 2
y = y.detach()
y.requires_grad
y.grad_fn
z = x + y
z.sum().backward()
x.grad
view = x.narrow(0, 1, 4)
view.shape
