import torch
torch.manual_seed(0)
x = torch.randn(2, 3)
x
torch.cat((x, x, x), 0)
torch.cat((x, x, x), 1)
torch.stack((x, x))
torch.stack((x, x), dim=2).shape
