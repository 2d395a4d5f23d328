import torch
x1 = torch.tensor(-0.25, requires_grad=True)
v2 = torch.where(x1 > 0, x1, 0.0)
v2
v3 = torch.sigmoid(v2)
v3
try:
    v3.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
try:
    gs = torch.autograd.grad(v2.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
v4 = v2.clone()
v4.is_leaf
try:
    v3 *= 2.0
except RuntimeError as e:
    print(e)
v3
x5 = torch.ones((), requires_grad=True)
v6 = torch.sub(v2, x5, alpha=2)
v6
v3.retain_grad()
x7 = (torch.arange(1, dtype=torch.float32) - 0).reshape(()).requires_grad_()
v8 = v3 * x7
v8
with torch.no_grad():
    n9 = v2 * 2
n9.requires_grad
try:
    v8.backward()
except RuntimeError as e:
    print(e)
x1.grad
x5.grad
x7.grad
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x1.grad
x5.grad
v4
v4.is_leaf
v4.dim()
