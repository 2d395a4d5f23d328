import torch
print(torch.arange(1000.0))
print(torch.arange(1001.0))
print(torch.arange(2000).reshape(40, 50))
print(torch.ones(10, 10, 11))
print(torch.arange(1001.0, requires_grad=True))
print(torch.linspace(0, 1, 2000, dtype=torch.float64))
