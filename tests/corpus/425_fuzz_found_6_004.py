import torch
x1 = torch.tensor([[[-2.0, 2.0], [0.0, -0.25]], [[1.0, 2.0], [-0.5, -0.5]], [[0.0, 1.0], [-0.5, 0.5]]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[[-2.0, -2.0, -1.0], [-0.5, 0.25, -1.5]], [[-1.0, 0.5, -0.75], [-0.75, 0.0, -0.25]], [[0.5, -2.0, -2.0], [1.0, 0.0, -1.5]]], dtype=torch.float64, requires_grad=True)
if x1.grad is not None:
    x1.grad.zero_()
try:
    print(torch.autograd.grad(x1.sum(), [x1], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
with torch.no_grad():
    x2[0] = 2.0
x1.grad = None
v3 = torch.neg(x1)
v3
x4 = torch.tensor([0.25], requires_grad=True)
v3.retain_grad()
x5 = torch.tensor([-0.5, 1.25, -0.75], dtype=torch.float64, requires_grad=True)
v6 = torch.prod(x2, -1)
v7 = v6.reshape(3, 2)
v7
with torch.no_grad():
    x2 *= -0.5
x2
try:
    v6.detach_()
except RuntimeError as e:
    print(e)
v6.requires_grad
try:
    v7.detach_()
except RuntimeError as e:
    print(e)
v7.requires_grad
x8 = torch.tensor(-0.25, requires_grad=True)
v9 = torch.neg(x1)
v9
x10 = torch.tensor(-2.0, requires_grad=True)
x11 = torch.tensor(-1.5, requires_grad=True)
x12 = torch.tensor(-2.0, requires_grad=True)
