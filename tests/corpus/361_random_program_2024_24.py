import torch
x1 = torch.tensor([[[1.0], [-0.75]], [[0.5], [-1.5]]], requires_grad=True)
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v2 = x1.sum(-2, keepdim=True)
v3 = v2.masked_fill(v2 < 0, 0.0)
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
try:
    v2.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v3.requires_grad
v4 = -0.5 - v3
v4
v5 = v4.sqrt()
v3.ndim
v6 = torch.abs(v5)
v6
x7 = torch.tensor([-2.0], requires_grad=True)
v4.grad
v8 = v5.pow(2)
v5.dtype
try:
    v3.backward(torch.ones_like(v3))
except RuntimeError as e:
    print(e)
x7.grad
