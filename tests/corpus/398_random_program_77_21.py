import torch
x1 = torch.tensor([0.5, -0.25, -0.5], requires_grad=True)
v2 = x1.reshape(-1)
v2
try:
    gs = torch.autograd.grad(v2.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v3 = -0.5 * x1
x4 = (torch.arange(3, dtype=torch.float32) - 1).reshape((3,)).requires_grad_()
v5 = torch.div(v3, x4)
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x4.grad
v3.retain_grad()
v6 = v3.detach()
v6
v6
x7 = torch.tensor(1.0, requires_grad=True)
v8 = torch.sub(x4, x7, alpha=2)
v8
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x7.grad
try:
    (v5 * v5).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x7.grad
try:
    v2[2] = 2.0
except RuntimeError as e:
    print(e)
v2
x9 = torch.zeros((3, 3), requires_grad=True)
v10 = v6 @ x9
h11 = v5.register_hook(lambda g: g * 2)
h11.remove()
