import torch
torch.manual_seed(0)
a = torch.randn(10)
a
torch.cumsum(a, dim=0)
torch.sign(a)
torch.sigmoid(a)
torch.rsqrt(a.abs())
torch.log1p(a.abs())
torch.expm1(a)
torch.reciprocal(a)
