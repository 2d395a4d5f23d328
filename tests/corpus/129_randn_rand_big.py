import torch
torch.manual_seed(0)
torch.randn(4, 5)
torch.rand(3, 6)
torch.randn(20)
torch.randn(2, 3, dtype=torch.float64)
torch.rand(2, 2, requires_grad=True)
torch.manual_seed(42)
w = torch.randn(5, 3, requires_grad=True)
w
torch.randn(17)
torch.randn(33)
torch.rand(1000).sum()
torch.randn(1000).mean()
