import torch
x1 = torch.tensor([[[0.5, 1.0, -1.0], [0.25, -0.75, 2.0]], [[-0.75, 0.0, -0.5], [0.25, 0.25, -0.25]], [[2.0, -0.5, 0.5], [-0.75, 2.0, -0.25]]], requires_grad=True)
try:
    x1.backward()
except RuntimeError as e:
    print(e)
v2 = torch.amax(x1, dim=-1, keepdim=True)
v2
try:
    x1[0] = 3
except RuntimeError as e:
    print(e)
x1
torch.manual_seed(43)
c3 = torch.rand((3, 2, 1))
v4 = F.mse_loss(v2, c3)
v4
v5 = torch.rsqrt(v4)
v5
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x1.grad = None
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
v6 = v2[None]
v6
try:
    gs = torch.autograd.grad(v6.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v7 = v5.sigmoid()
v7
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v8 = x1.view(18, -1)
v8
c9 = torch.tensor([[[-0.75, -0.75, 1.0], [-0.25, 1.0, 0.5]], [[2.0, -0.25, -1.0], [-2.0, -1.0, 0.25]], [[1.0, 1.25, 0.25], [-2.0, 2.0, -0.5]]])
v10 = torch.sub(x1, c9, alpha=2)
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
try:
    gs = torch.autograd.grad(v5.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x1
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
try:
    (v8 * v8).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
try:
    v7.fill_(3)
except RuntimeError as e:
    print(e)
with torch.no_grad():
    n11 = v2 * 2
n11.requires_grad
try:
    v2.backward()
except RuntimeError as e:
    print(e)
