import torch
x1 = torch.full((1, 3), 0.5, requires_grad=True)
v2 = x1[[0]]
v2
if x1.grad is not None:
    x1.grad.zero_()
if x1.grad is not None:
    x1.grad.zero_()
v3 = 2 + x1
v3
v4 = torch.neg(v2)
v4
v5 = x1.sin()
v5
x1
x1.grad
v6 = 3 / v4
v7 = v3.pow(2)
