import torch
torch.manual_seed(0)
torch.rand(3)
torch.rand(2, 3)
torch.manual_seed(42)
a = torch.rand(2, 1)
a
torch.manual_seed(1)
b = torch.rand((2, 3), requires_grad=True)
b
torch.manual_seed(0)
c = torch.rand(40)
c.shape
print(c[:5])
torch.rand(3, dtype=torch.float64)
