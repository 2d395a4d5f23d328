import torch
x = torch.randn(1, 2)
x = torch.tensor([[1.0, 2.0]])
xz = x[:]
x.add_(1)
xz
x
y = x.detach()
y.add_(1)
x
x.data.add_(1)
x
