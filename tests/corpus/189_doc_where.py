import torch
torch.manual_seed(0)
x = torch.randn(3, 2)
y = torch.ones(3, 2)
x
torch.where(x > 0, 1.0, 0.0)
torch.where(x > 0, x, y)
x = torch.randn(2, 2, dtype=torch.double)
x
torch.where(x > 0, x, 0.)
