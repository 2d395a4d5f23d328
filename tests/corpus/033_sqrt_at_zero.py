import torch
x = torch.tensor([0.0, 4.0, 9.0], requires_grad=True)
y = torch.sqrt(x)
y
y.sum().backward()
x.grad
x.grad = None
(x ** 0.5).sum().backward()
x.grad
x.grad = None
x.sqrt().mul(2).sum().backward()
x.grad
z = torch.tensor([0.0, 2.0], requires_grad=True)
(z ** 0).sum().backward()
z.grad
