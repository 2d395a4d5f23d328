import torch
x1 = (torch.arange(3, dtype=torch.float32) - 1).reshape((3,)).requires_grad_()
torch.manual_seed(17)
x2 = torch.rand((3,), requires_grad=True)
v3 = torch.cat((x1, x2), 0)
v4 = torch.cat((x1, x2), 0)
x1
try:
    v4.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x2.grad
x5 = torch.tensor([0.5, -0.5], requires_grad=True)
try:
    v3.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
x5.grad
v6 = torch.stack([x1, x2], dim=0)
v6
v7 = 2 - x1
v7
x8 = torch.tensor([[2.0, -2.0, -2.0]], requires_grad=True)
v9 = torch.sub(v6, x8, alpha=2)
v9
x10 = torch.tensor(0.0, requires_grad=True)
x11 = torch.tensor(-0.75, requires_grad=True)
v12 = torch.neg(v3)
v12
x13 = torch.tensor(-2.0, requires_grad=True)
x14 = torch.tensor(-0.25, requires_grad=True)
x15 = torch.tensor(-1.5, requires_grad=True)
x16 = torch.ones((), requires_grad=True)
