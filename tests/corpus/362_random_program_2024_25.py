import torch
x1 = torch.ones((1,), requires_grad=True)
v2 = x1.double()
v2
v3 = v2.reshape(-1)
v3
print(x1)
x1.grad = None
v4 = x1[..., 0]
v5 = torch.max(v4)
try:
    v4.mul_(1.5)
except RuntimeError as e:
    print(e)
v4
try:
    gs = torch.autograd.grad(v3.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v4.retain_grad()
c6 = torch.zeros((1, 3), dtype=torch.float64)
v7 = v3.view(-1, 1)
v7
v8 = x1[x1 > -1]
v5
try:
    v2[0] = 1.5
except RuntimeError as e:
    print(e)
v2
if x1.grad is not None:
    x1.grad.zero_()
x1
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
v7.retain_grad()
