import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
v = y[1:]
v.mul_(3)
y
y.grad_fn
v.grad_fn
y.sum().backward()
x.grad
z = x.clone()
z[0] = 0.0
z
z.sum().backward()
x.grad
