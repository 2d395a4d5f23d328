import torch
torch.manual_seed(0)
x = torch.randn(2, 3)
x
torch.transpose(x, 0, 1)
x = torch.randn(())
x
torch.t(x)
x = torch.randn(3)
torch.t(x)
x = torch.randn(2, 3)
torch.t(x)
x = torch.randn(2, 3, 5)
x.size()
torch.permute(x, (2, 0, 1)).size()
