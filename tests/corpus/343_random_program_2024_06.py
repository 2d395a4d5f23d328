import torch
x1 = torch.tensor([[[2.0, 2.0]], [[-2.0, 0.25]], [[1.25, -0.75]]], requires_grad=True)
try:
    x1.sub_(2.0)
except RuntimeError as e:
    print(e)
x1
v2 = torch.amax(x1, 2, keepdim=True)
v2
x3 = torch.tensor([[2.0, 0.0, -0.25], [-1.5, 2.0, 1.25], [1.0, 1.0, -2.0]], requires_grad=True)
x4 = torch.tensor(2.0, requires_grad=True)
x1
v5 = torch.log(x3)
v5
x1.grad
x6 = torch.full((), 3.0, dtype=torch.float64, requires_grad=True)
v7 = v5[-1]
v7
x4.grad = None
v8 = torch.log(v7)
v8
c9 = (torch.arange(6, dtype=torch.float32) - 3).reshape((3, 1, 2))
v10 = F.mse_loss(x1, c9)
v10
try:
    v2.zero_()
except RuntimeError as e:
    print(e)
v2
v11 = torch.where(x1 > 0, x1, x1 * 2)
x12 = torch.tensor([[1.0, -0.75], [-0.25, -0.75]], requires_grad=True)
try:
    x4.backward()
except RuntimeError as e:
    print(e)
x3.grad
x6.grad
x12.grad
with torch.no_grad():
    x1[2] = 3
x1
x4.grad = None
try:
    v10.mul_(3)
except RuntimeError as e:
    print(e)
v10
c9.shape
x13 = torch.tensor([0.25, -0.5], requires_grad=True)
