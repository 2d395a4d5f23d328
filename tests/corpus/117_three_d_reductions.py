import torch
x = torch.arange(24.0).view(2, 3, 4).requires_grad_()
x.sum(dim=(1, 2))
x.mean(dim=1).shape
x.sum(dim=-1, keepdim=True).shape
x.max(dim=2).values
x[:, 1, :].sum()
y = (x.sum(dim=0) * torch.arange(4.0)).sum()
y
y.backward()
x.grad[0]
x.grad.sum()
x.flatten(1).shape
