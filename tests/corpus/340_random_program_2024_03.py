import torch
c1 = torch.tensor(0.0, dtype=torch.float64)
v2 = torch.abs(c1)
v2
v2.dtype
v3 = torch.max(v2)
v3
v4 = v3.max()
v4
c1
v4.numel()
x5 = torch.full((), -1.0, requires_grad=True)
