import torch
x1 = torch.tensor([[1.25]], requires_grad=True)
x2 = torch.tensor([[0.25]], dtype=torch.float64, requires_grad=True)
v3 = x1 + x2
x4 = torch.tensor(1.0, requires_grad=True)
v5 = torch.rsqrt(x2)
v5
v6 = torch.unsqueeze(v5, -3)
v6
v7 = x2.masked_fill(x2 < 0, 0.0)
v7
try:
    x2.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x2.grad
h8 = x1.register_hook(lambda g: g * -1)
v9 = v7.exp()
v9
v10 = v5.reciprocal()
try:
    v6.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
print(v3)
try:
    x2.backward()
except RuntimeError as e:
    print(e)
x2.grad
x4.grad
try:
    (v7 * v7).mean().backward()
except RuntimeError as e:
    print(e)
x2.grad
x4.grad
v6.grad
v11 = v3.detach()
v11
h12 = x2.register_hook(lambda g: g * 0.5)
try:
    (v7 * v7).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
x4.grad
try:
    gs = torch.autograd.grad(x1.sum(), [x4], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x4.grad
v3.retain_grad()
v13 = v7 / 0.25
