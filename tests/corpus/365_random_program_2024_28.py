import torch
c1 = torch.tensor([[[1.0, 1.25, -0.75]]])
v2 = c1.flatten()
v2
v3 = torch.sqrt(c1)
v3
v4 = torch.tan(v2)
v4
v5 = torch.neg(c1)
v5
v6 = 0.5 * c1
v6
x7 = torch.tensor(-0.5, requires_grad=True)
