import torch
x1 = torch.full((2, 2, 2), -0.5, dtype=torch.float64, requires_grad=True)
x1.grad = None
v2 = x1.clone()
v2
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x3 = torch.tensor([[1.25], [-0.75]], dtype=torch.float64, requires_grad=True)
v4 = torch.matmul(v2, x3)
v4
try:
    x3.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
h5 = v2.register_hook(lambda g: g * 0.5)
h5.remove()
v6 = v2.expand(2, 2, 2)
v6
try:
    x3.backward(torch.ones_like(x3))
except RuntimeError as e:
    print(e)
x1.grad
v7 = torch.softmax(x3, dim=-2)
v8 = v4.masked_fill(v4 < 0, 0.0)
v8
c9 = torch.tensor(1.25)
