import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
x[0].sum().backward()
x.grad
x[:, 1:].sum().backward()
x.grad
(x[[0, 0, 1], [2, 2, 0]] * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
x.grad
x.grad.zero_()
x[x > 2].sum().backward()
x.grad
x[..., 0].pow(2).sum().backward()
x.grad
