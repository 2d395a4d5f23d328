import torch
x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
x.sum(dim=1, keepdim=True).sum().backward()
x.grad
x.grad = None
x.mean(0).sum().backward()
x.grad
x.grad = None
x.prod(1).sum().backward()
x.grad
x.grad = None
x.max(dim=1).values.sum().backward()
x.grad
x.grad = None
x.min().backward()
x.grad
x.grad = None
(x.sum(0) * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
x.grad
x.grad = None
x.prod().backward()
x.grad
