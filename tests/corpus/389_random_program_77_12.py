import torch
x1 = torch.tensor([[-1.5, -0.25]], requires_grad=True)
x1
c2 = torch.full((1, 2), -1.0)
v3 = torch.cat((x1, c2), 1)
x4 = torch.tensor(1.25, requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x5 = torch.tensor(-1.5, requires_grad=True)
x6 = torch.tensor(-1.5, requires_grad=True)
x7 = torch.tensor(-2.0, requires_grad=True)
v8 = x1 - 2
v8
try:
    x7.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x5.grad
x6.grad
x7.grad
v9 = torch.neg(x1)
v9
x10 = torch.tensor([-2.0], requires_grad=True)
c11 = torch.tensor(-2.0)
v12 = 3 / c2
v13 = 2 + x5
v13
x14 = (torch.arange(1, dtype=torch.float32) - 0).reshape(()).requires_grad_()
x15 = torch.tensor([[-0.25]], requires_grad=True)
