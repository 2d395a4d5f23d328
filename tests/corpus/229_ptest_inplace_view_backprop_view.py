import torch
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
c = a * 1
c[1:].mul_(b[1:])
c
c.sum().backward()
a.grad
b.grad
