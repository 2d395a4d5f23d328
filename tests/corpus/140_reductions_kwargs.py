import torch
x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
x.sum()
x.sum(0)
x.sum(dim=1)
x.sum(dim=1, keepdim=True)
x.sum(dim=(0, 1))
x.sum(-1)
torch.sum(x, 0)
torch.sum(x, dim=0, keepdim=True)
x.mean()
x.mean(0)
x.mean(dim=-1, keepdim=True)
torch.mean(x, dim=1)
x.mean((0, 1))
x.prod()
x.prod(0)
x.prod(dim=1, keepdim=True)
torch.prod(x, 1)
x.max()
x.min()
x.max(0)
x.max(dim=1)
x.max(1, keepdim=True)
x.min(dim=0).values
x.min(1)[1]
torch.max(x)
torch.max(x, 1)
torch.max(x, dim=0, keepdim=True).indices
torch.min(x, x * 0 + 3)
torch.max(x, torch.tensor(2.0))
values, indices = x.max(dim=1)
values
indices
