import torch
x1 = torch.tensor([[[-1.5, 0.0], [1.0, 0.0]], [[-1.0, 0.25], [2.0, -0.75]], [[0.0, -2.0], [-1.5, 0.25]]], requires_grad=True)
v2 = x1.flatten()
v3 = -1 - v2
print(x1)
x4 = (torch.arange(9, dtype=torch.float32) - 4).reshape((3, 3)).requires_grad_()
h5 = x1.register_hook(lambda g: g * -1)
h5.remove()
try:
    (x4 * x4).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
v6 = v2.log()
v6
try:
    v2.sum().backward()
except RuntimeError as e:
    print(e)
x4.grad
v7 = v6 @ v3
v7
v8 = x4.cos()
v8
v7
v9 = v6.max()
v10 = x4[None]
v10
try:
    (v9 * v9).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
v11 = v8.clamp(max=0.5)
v12 = torch.where(v8 > 0, v8, -v8)
v12
try:
    v9.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x1.grad_fn
x13 = torch.zeros((3,), requires_grad=True)
v9.long()
v2
