import torch
x1 = torch.tensor([0.25, -0.75, -1.0], requires_grad=True)
x1
v2 = x1.exp()
v2
v3 = torch.cumsum(x1, dim=-1)
v3
try:
    v2[1] = -1
except RuntimeError as e:
    print(e)
v2
x4 = torch.tensor([[1.0, 1.0], [-0.75, 0.5], [-0.5, 1.0]], requires_grad=True)
v3.grad
with torch.no_grad():
    x4[2] = 0.5
try:
    print(torch.autograd.grad(v3.sum(), [x4], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x1
x5 = torch.tensor(-0.75, requires_grad=True)
x6 = torch.tensor(-0.75, requires_grad=True)
v7 = torch.neg(v2)
v7
x8 = torch.tensor([[[-1.5]]], requires_grad=True)
torch.manual_seed(0)
x9 = torch.rand((), requires_grad=True)
x10 = torch.tensor(1.25, requires_grad=True)
x11 = torch.tensor(-2.0, requires_grad=True)
x12 = torch.tensor(-2.0, requires_grad=True)
