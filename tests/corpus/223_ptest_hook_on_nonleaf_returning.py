import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda grad: grad + 10)
z = y * y
z.retain_grad()
z.register_hook(lambda grad: grad * 0.5)
z.sum().backward()
z.grad
x.grad
