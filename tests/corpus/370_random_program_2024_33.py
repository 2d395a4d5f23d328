import torch
x1 = torch.tensor([[[-2.0, 1.25, -0.75], [-0.25, -1.5, -0.75], [-0.75, -0.5, -0.5]], [[0.5, -0.25, 1.0], [-0.75, -1.0, -1.0], [2.0, 0.25, -0.25]], [[1.25, -0.25, 0.0], [0.5, 1.25, -0.75], [-1.0, 1.25, -1.5]]], requires_grad=True)
v2 = x1[x1 > -1]
v2
c3 = torch.full((3, 3, 2), 2.0)
v4 = torch.matmul(x1, c3)
v4
try:
    gs = torch.autograd.grad(x1.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
v5 = torch.relu(x1)
v5
x6 = torch.tensor([1.0, -0.25, 1.0], requires_grad=True)
v7 = x6.clamp_min(0)
v8 = v7.sign()
v8
try:
    x6.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
v9 = torch.softmax(c3, dim=-3)
v9
v10 = c3[c3 > 0]
try:
    v7[0] = 0.25
except RuntimeError as e:
    print(e)
v7
print(v10)
try:
    (v5 * v5).mean().backward()
except RuntimeError as e:
    print(e)
x6.grad
v11 = 2 * v2
v11
h12 = v2.register_hook(lambda g: g * -1)
h12.remove()
try:
    v4[0] = 2.0
except RuntimeError as e:
    print(e)
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
try:
    v7[2] = 2.0
except RuntimeError as e:
    print(e)
v7
try:
    v8 *= 2
except RuntimeError as e:
    print(e)
