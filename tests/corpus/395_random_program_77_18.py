import torch
x1 = torch.tensor([[[0.0, -0.25, -0.75]]], requires_grad=True)
try:
    x1.fill_(3)
except RuntimeError as e:
    print(e)
x1
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2 = (torch.arange(3, dtype=torch.float32) - 1).reshape((1, 1, 3)).requires_grad_()
v3 = x1.mul(x2)
v3
x1.is_leaf
v4 = v3[-1]
v4
try:
    gs = torch.autograd.grad(x2.sum(), [x2], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
try:
    print(torch.autograd.grad(x2.sum(), [x2, x1], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v5 = v3.expand(2, 3, 1, 3)
v5
v6 = torch.min(v3)
