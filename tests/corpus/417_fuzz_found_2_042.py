import torch
x1 = torch.tensor([-0.25], requires_grad=True)
with torch.no_grad():
    n2 = x1 * 2
n2.requires_grad
try:
    n2[0] = -0.5
except RuntimeError as e:
    print(e)
x1
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v3 = -0.5 / x1
v4 = x1.reshape(-1, 1)
v5 = torch.div(n2, 0.5)
v5
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
try:
    v3.mul_(2.0)
except RuntimeError as e:
    print(e)
v3
v6 = 2.0 + x1
v7 = torch.pow(n2, 2)
v7
try:
    gs = torch.autograd.grad(v3.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v8 = torch.sin(v4)
v8
