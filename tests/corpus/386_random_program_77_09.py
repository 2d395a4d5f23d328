import torch
x1 = torch.tensor([-0.75, 2.0, 0.5], requires_grad=True)
x1
try:
    x1[0] = 0.25
except RuntimeError as e:
    print(e)
x1
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
v2 = x1.reshape(-1)
try:
    print(torch.autograd.grad(x1.sum(), [x1]))
except RuntimeError as e:
    print(e)
x1.grad
try:
    gs = torch.autograd.grad(v2.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v3 = x1.squeeze(0)
c4 = torch.tensor([-1.0])
v5 = v3 + c4
v5.retain_grad()
try:
    v3.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v6 = x1 + 0.25
v6
