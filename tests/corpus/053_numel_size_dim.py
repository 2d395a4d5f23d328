import torch
x = torch.zeros(2, 3, 4)
x.numel()
x.size()
x.size(0)
x.size(-1)
x.dim()
x.ndim
len(x)
torch.tensor(5.0).dim()
torch.tensor(5.0).numel()
torch.tensor(5.0).shape
list(x.shape)
x.shape == (2, 3, 4)
