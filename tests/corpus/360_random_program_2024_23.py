import torch
x1 = torch.tensor([-0.5], requires_grad=True)
x2 = torch.full((3, 2, 1), -0.5, requires_grad=True)
try:
    print(torch.autograd.grad(x2.sum(), [x2, x1]))
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v3 = torch.sum(x1)
v3
v4 = v3.abs()
c5 = torch.ones((1, 2))
v6 = torch.matmul(x2, c5)
v6
v3.grad
v7 = c5.squeeze()
try:
    v6[2] = 2
except RuntimeError as e:
    print(e)
v6
v8 = 3 / c5
v8
v9 = torch.log1p(x1)
v9
with torch.no_grad():
    n10 = x2 * 2
n10.requires_grad
v11 = c5.min()
v11
x2.grad = None
c12 = torch.tensor([[[-1.5, -1.5]], [[-2.0, 0.25]]])
v13 = x1 @ c12
v13
v14 = n10.prod()
v14
v15 = v3.reshape(-1)
v15
try:
    (v13 * v13).mean().backward()
except RuntimeError as e:
    print(e)
x2.grad
x16 = torch.tensor([1.25], requires_grad=True)
v7.is_leaf
