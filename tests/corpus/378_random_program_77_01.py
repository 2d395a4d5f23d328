import torch
x1 = (torch.arange(2, dtype=torch.float64) - 1).reshape((1, 2)).requires_grad_()
v2 = torch.sin(x1)
try:
    x1.mul_(0.25)
except RuntimeError as e:
    print(e)
x1.is_leaf
try:
    v2[0] = 1.5
except RuntimeError as e:
    print(e)
v2
with torch.no_grad():
    n3 = x1 * 2
n3.requires_grad
try:
    n3[0] = 2.0
except RuntimeError as e:
    print(e)
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
x4 = (torch.arange(1, dtype=torch.float32) - 0).reshape(()).requires_grad_()
v5 = x4.reshape(())
with torch.no_grad():
    n6 = x4 * 2
n6.requires_grad
v7 = n6.detach()
v8 = v2.prod()
v9 = torch.where(n3 > 0, n3, 0.0)
try:
    n3[0] = 3
except RuntimeError as e:
    print(e)
c10 = torch.full((1, 2), 2.0, dtype=torch.float64)
v11 = torch.minimum(v2, c10)
v9.requires_grad_()
v9.grad_fn
x4.requires_grad
v12 = n3[[0, 0, 0]]
v12
x13 = torch.tensor([[-0.5, 1.0, -0.75], [0.5, 0.25, 0.0]], dtype=torch.float64, requires_grad=True)
v14 = v2.mm(x13)
v14
n6
