import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
x.t()
x.t().grad_fn
x.T.grad_fn
torch.transpose(x, 0, 1).grad_fn
x.transpose(1, 0).shape
torch.t(x).shape
y = torch.arange(24.0).view(2, 3, 4)
y.permute(2, 0, 1).shape
torch.permute(y, (1, 0, 2)).shape
w = torch.tensor([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
(x.t() * w).sum().backward()
x.grad
x.grad = None
x.permute(1, 0).sum(dim=0).sum().backward()
x.grad
