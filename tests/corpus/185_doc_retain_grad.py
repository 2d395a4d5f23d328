import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 3
b.retain_grad()
b.retains_grad
c = (b ** 2).sum()
c.backward()
b.grad
a.grad
a.retains_grad
