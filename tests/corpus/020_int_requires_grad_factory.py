import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.requires_grad
i = torch.tensor([1, 2])
i.requires_grad
f = torch.ones(2, dtype=torch.int64)
f
n = torch.tensor([1, 2], requires_grad=True)
