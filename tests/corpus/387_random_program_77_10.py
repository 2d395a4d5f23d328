import torch
x1 = torch.tensor([[[1.25, -0.25, -0.5]], [[2.0, 2.0, 1.25]], [[1.25, 0.25, -1.5]]], dtype=torch.float64, requires_grad=True)
v2 = torch.div(x1, 2.0)
v3 = x1.float()
v3
v4 = v2[None]
v5 = torch.neg(v3)
v5
x6 = torch.tensor(2.0, requires_grad=True)
v7 = 2.0 - v4
v7
