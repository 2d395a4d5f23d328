import torch
x1 = torch.tensor([-0.75, -0.75], requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
v2 = x1.double()
x3 = torch.tensor(-1.0, requires_grad=True)
x4 = torch.tensor(-1.0, requires_grad=True)
x5 = torch.tensor(-1.0, requires_grad=True)
v6 = torch.neg(x1)
v6
v7 = x1.detach()
v7
