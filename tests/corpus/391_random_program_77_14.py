import torch
x1 = torch.tensor([-0.75, 1.0], requires_grad=True)
torch.manual_seed(5)
x2 = torch.rand((), dtype=torch.float64, requires_grad=True)
v3 = x1.mul(x2)
v3
try:
    print(torch.autograd.grad(v3.sum(), [x2, x1], allow_unused=True))
except RuntimeError as e:
    print(e)
v4 = v3.min()
v4.retain_grad()
v5 = torch.mean(x1)
try:
    v4.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v6 = torch.min(x2)
try:
    gs = torch.autograd.grad(v6.sum(), [x2, x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x2.grad
x7 = torch.tensor(-1.5, requires_grad=True)
v8 = torch.sum(x2)
v8
v9 = x1[x1 > 0.5]
try:
    v9.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x2.grad
x7.grad
v10 = x7.mean()
v11 = v4.expand(2)
v11
x12 = torch.tensor(-0.5, dtype=torch.float64, requires_grad=True)
v13 = x2.mul(x12)
v13
try:
    v13.backward()
except RuntimeError as e:
    print(e)
x2.grad
x7.grad
x12.grad
with torch.no_grad():
    x7 *= -0.5
x7
v14 = x1[-1]
v15 = torch.where(x12 > 0, x12, x12 * 2)
v15
x16 = torch.tensor(-1.5, dtype=torch.float64, requires_grad=True)
v17 = torch.add(x12, x16)
v17
