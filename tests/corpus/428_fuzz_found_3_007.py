import torch
x1 = (torch.arange(1, dtype=torch.float32) - 0).reshape((1, 1, 1)).requires_grad_()
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
v2 = torch.sigmoid(x1)
v3 = x1.squeeze(0)
x4 = torch.ones((1,), requires_grad=True)
v5 = torch.matmul(x1, x4)
v5
x6 = torch.zeros((1, 2), requires_grad=True)
v7 = torch.matmul(x4, x6)
v7
try:
    v5.backward(torch.ones_like(v5))
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
v8 = v3[[0, 0, 0]]
v8
v9 = torch.stack([v2, x1], dim=3)
v9
v9
with torch.no_grad():
    x1[0] = 1.5
try:
    gs = torch.autograd.grad(v3.sum(), [x6, x4], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x4.grad
v10 = v2.detach()
v10
x11 = torch.tensor(-2.0, requires_grad=True)
v12 = torch.log(x1)
v12
v13 = torch.neg(x1)
v13
x14 = torch.tensor(-2.0, requires_grad=True)
try:
    v3.mul_(0.5)
except RuntimeError as e:
    print(e)
v3
v12.retain_grad()
