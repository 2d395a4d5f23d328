import torch
x1 = (torch.arange(1, dtype=torch.float32) - 0).reshape((1, 1)).requires_grad_()
v2 = x1.to(torch.float64)
v3 = v2.div(x1)
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
v4 = v2.T
v5 = v2[v2 > -1]
v2
v6 = v2.squeeze(0)
c7 = (torch.arange(1, dtype=torch.float32) - 0).reshape((1, 1))
v8 = torch.maximum(x1, c7)
v8
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
v3
v9 = torch.where(v3 > 0, v3, v3 * 2)
try:
    gs = torch.autograd.grad(v3.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
if x1.grad is not None:
    x1.grad.zero_()
v10 = torch.max(v8, dim=1, keepdim=True).values
v10
v10.retain_grad()
v11 = v5.clamp(max=0.5)
try:
    c7[0] = -1
except RuntimeError as e:
    print(e)
c7
try:
    print(torch.autograd.grad(v9.sum(), [x1], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
v11
v12 = v5.sum()
v12
v13 = 3 - v12
v13
v14 = v5.to(torch.float32)
v14
