import torch
x = torch.tensor([[1.0, 5.0, 2.0], [7.0, 3.0, 4.0]], requires_grad=True)
x.max()
x.min()
torch.max(x)
values, indices = x.max(dim=1)
values
indices
mn = torch.min(x, dim=0, keepdim=True)
mn.values, mn.indices
x.max(1)[0].grad_fn
(values.sum() + mn.values.sum()).backward()
x.grad
torch.max(torch.tensor([1.0, 4.0]), torch.tensor([3.0, 2.0]))
