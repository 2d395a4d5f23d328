import torch
x1 = torch.tensor([[[1.0]], [[-0.5]]], requires_grad=True)
x1.requires_grad
h2 = x1.register_hook(lambda g: g * -1)
h2.remove()
with torch.no_grad():
    x1[0] = 2
x1
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1
x1.grad
x3 = torch.tensor([[-1.0, 0.0, 1.0]], requires_grad=True)
v4 = x1 @ x3
v5 = v4.reciprocal()
v5
x6 = torch.zeros((3, 2, 3), requires_grad=True)
v4
try:
    x6.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
c7 = torch.tensor([[1.25, -0.25, -0.75], [-0.5, -1.5, 1.0], [1.25, -0.25, -0.25]])
v8 = x6 @ c7
v8
v9 = v8.cumsum(2)
v9
v10 = v9.clone()
v10
v11 = x3.transpose(0, 0)
v11
v12 = v9.cos()
v12
with torch.no_grad():
    x3.add_(3)
x3
try:
    v9.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
v13 = v11.prod(0, keepdim=True)
try:
    x3.sub_(2)
except RuntimeError as e:
    print(e)
x3
