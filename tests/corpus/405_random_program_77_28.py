import torch
x1 = torch.ones((3, 1), dtype=torch.float64, requires_grad=True)
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
x2 = torch.tensor([0.25], requires_grad=True)
h3 = x2.register_hook(lambda g: g * -1)
h3.remove()
v4 = x2.exp()
x5 = torch.tensor([[-0.5], [-0.25], [1.0]], dtype=torch.float64, requires_grad=True)
v6 = torch.stack([x1, x5], dim=0)
v6
v7 = x1.max(-1).values
v7
v8 = v6[v6 > -1]
v9 = torch.sum(v6)
x5.grad = None
v10 = torch.where(v7 > 0, v7, -v7)
v10
v6
try:
    gs = torch.autograd.grad(v7.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x2.grad
x11 = torch.ones((1, 2), dtype=torch.float64, requires_grad=True)
v12 = v6 @ x11
try:
    v7[0] = 2.0
except RuntimeError as e:
    print(e)
v7
try:
    v6.clamp_(-1, 1)
except RuntimeError as e:
    print(e)
v6
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
x5.grad
x11.grad
v13 = torch.sum(x11)
v13
