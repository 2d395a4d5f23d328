import torch
x1 = torch.zeros((), dtype=torch.float64, requires_grad=True)
v2 = torch.prod(x1)
x3 = torch.tensor([[[-2.0, -0.5], [-0.75, 1.25], [1.25, 1.25]], [[-1.5, 0.5], [-1.0, 1.0], [0.5, -1.5]], [[-0.25, -0.75], [0.0, -0.25], [0.25, 1.25]]], requires_grad=True)
v4 = x3[:, 0]
with torch.no_grad():
    x3.zero_()
v5 = torch.mul(v4, x1)
v5
v6 = torch.mul(v5, x3)
v6
v7 = v4.min()
v7
v8 = v6[[0]]
v9 = v7.detach()
v10 = x1.clone()
v11 = v5.log1p()
v11
