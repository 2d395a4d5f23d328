import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
z1 = x * x
a = z1.sum()
b = (z1 + 1).sum()
a.backward()
x.grad
c = (x + 1).sum() + (x - 1).sum()
c.backward()
c.backward()
x.grad
b.backward()
