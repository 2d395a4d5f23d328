import torch
x1 = torch.tensor(0.0, requires_grad=True)
x1
x2 = torch.tensor(-0.5, requires_grad=True)
v3 = torch.neg(x1)
v3
v4 = torch.exp(x2)
v4
x5 = torch.tensor(-2.0, requires_grad=True)
x6 = torch.tensor(-2.0, requires_grad=True)
x7 = torch.tensor(-2.0, dtype=torch.float64, requires_grad=True)
