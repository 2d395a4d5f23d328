import torch
x1 = torch.tensor(-0.25, requires_grad=True)
x2 = torch.tensor(-2.0, requires_grad=True)
v3 = 2 + x1
v3
x2.is_leaf
x4 = torch.tensor(-2.0, requires_grad=True)
x5 = torch.tensor(-2.0, requires_grad=True)
x6 = torch.tensor([-0.25, -2.0, -1.0], requires_grad=True)
x7 = torch.tensor(-1.5, requires_grad=True)
v8 = torch.exp(x7)
v8
x9 = torch.tensor(-1.5, requires_grad=True)
x10 = torch.tensor(-0.75, requires_grad=True)
torch.manual_seed(6)
x11 = torch.randn((), requires_grad=True)
x1
v12 = x1.neg()
v12
v13 = torch.neg(x1)
v13
v14 = x1.exp()
v14
x15 = torch.tensor(-0.75, requires_grad=True)
v16 = torch.neg(v12)
v16
x17 = torch.tensor(-2.0, requires_grad=True)
v18 = 2 + x2
v18
