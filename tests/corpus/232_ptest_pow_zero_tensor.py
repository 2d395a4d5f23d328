import torch
a = torch.tensor([0.0, 0.0, 2.0], requires_grad=True)
b = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)
c = a ** b
c
c.sum().backward()
a.grad
b.grad
a.grad = None
(a ** 0).sum().backward()
a.grad
a.grad = None
(0.0 ** b).sum().backward() if False else None
(a ** 1.5).sum().backward()
a.grad
