import torch
x1 = torch.tensor([1.25, -2.0, 1.25], dtype=torch.float64, requires_grad=True)
v2 = x1.detach()
v2
v3 = torch.neg(x1)
v3
x4 = torch.tensor(1.25, requires_grad=True)
x5 = torch.tensor(-1.0, requires_grad=True)
with torch.no_grad():
    x1[2] = 0.25
