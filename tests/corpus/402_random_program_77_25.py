import torch
x1 = (torch.arange(1, dtype=torch.float64) - 0).reshape(()).requires_grad_()
v2 = torch.prod(x1)
v2
x3 = torch.zeros((2,), requires_grad=True)
v4 = x3[::2]
v4
v5 = x1.sum()
x1
with torch.no_grad():
    n6 = v5 * 2
n6.requires_grad
x7 = torch.tensor([[[-1.0], [-1.0], [1.0]], [[-0.75], [0.0], [0.25]]], requires_grad=True)
v8 = torch.sqrt(n6)
v8
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
n6
