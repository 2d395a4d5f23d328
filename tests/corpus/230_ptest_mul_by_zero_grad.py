import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 0
y.sum().backward()
x.grad
z = torch.tensor([0.0, 3.0], requires_grad=True)
(z * z * z).sum().backward()
z.grad
