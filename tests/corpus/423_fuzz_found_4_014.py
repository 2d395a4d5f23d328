import torch
torch.manual_seed(41)
x1 = torch.rand((1, 2, 1), dtype=torch.float64, requires_grad=True)
x1
try:
    print(torch.autograd.grad(x1.sum(), [x1]))
except RuntimeError as e:
    print(e)
x1.grad
x2 = torch.full((1, 2, 1), -0.5, dtype=torch.float64, requires_grad=True)
v3 = torch.minimum(x1, x2)
v3
with torch.no_grad():
    x2[0] = -0.5
x1
v4 = 1.5 * x1
v4
x2
x1
try:
    gs = torch.autograd.grad(v4.sum(), [x2], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x2.grad
with torch.no_grad():
    x2[0] = -0.5
x2
v4.is_leaf
v5 = v3[0]
with torch.no_grad():
    x1[0] = 0.5
h6 = v5.register_hook(lambda g: g * -1)
h6.remove()
try:
    v5.backward(torch.ones_like(v5))
except RuntimeError as e:
    print(e)
x2.grad
