import torch
x1 = (torch.arange(1, dtype=torch.float64) - 0).reshape(()).requires_grad_()
v2 = torch.expm1(x1)
v2
try:
    v2.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x1
v3 = v2.reshape(-1)
v3
v4 = v3.dot(v3)
v4
v5 = 2 ** v4
try:
    (v2 * v2).mean().backward()
except RuntimeError as e:
    print(e)
x6 = torch.tensor(0.25, requires_grad=True)
try:
    v5.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x6.grad
x7 = (torch.arange(4, dtype=torch.float64) - 2).reshape((2, 1, 2)).requires_grad_()
v8 = v3 @ x7
v8
v9 = x1.sum()
v9
v10 = 3 + x1
v10
