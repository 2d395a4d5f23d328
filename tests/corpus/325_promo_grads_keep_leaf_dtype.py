import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], dtype=torch.float64, requires_grad=True)
c = a * b
c.dtype
c.sum().backward()
a.grad
b.grad
a.grad.dtype
b.grad.dtype
s = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
d = a * s
d.dtype
d.sum().backward()
s.grad
