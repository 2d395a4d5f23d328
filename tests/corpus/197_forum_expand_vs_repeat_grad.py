import torch
x = torch.tensor([[1.0], [2.0]], requires_grad=True)
y = x.expand(2, 3)
y
(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
x.grad
x.grad = None
z = x.expand(-1, 4).sum()
z.backward()
x.grad
