import torch
x1 = torch.ones((3, 2, 1), requires_grad=True)
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
v2 = torch.mean(x1)
v2
try:
    v2 += 2
except RuntimeError as e:
    print(e)
v2
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v3 = v2.pow(2)
v3
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
x1.requires_grad
v3.retain_grad()
try:
    print(torch.autograd.grad(x1.sum(), [x1], retain_graph=True))
except RuntimeError as e:
    print(e)
x1.grad
v2
v4 = x1 + 0.25
try:
    gs = torch.autograd.grad(v2.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
v5 = 2 + v2
v5
