import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
x.sum()
x.sum(0)
x.sum(dim=1)
x.sum(dim=1, keepdim=True)
torch.sum(x, dim=0, keepdim=True)
x.mean()
x.mean(dim=0)
torch.mean(x, 1, keepdim=True)
x.mean(dim=-1).grad_fn
x.sum(dim=(0, 1))
(x.sum(dim=1) * torch.tensor([1.0, 2.0])).sum().backward()
x.grad
x.grad = None
x.mean(dim=0, keepdim=True).sum().backward()
x.grad
torch.tensor([1, 2, 3]).sum()
torch.tensor([1, 2, 3]).sum(dtype=torch.float32)
torch.tensor([1, 2]).mean()
