import torch
x1 = (torch.arange(3, dtype=torch.float32) - 1).reshape((3,)).requires_grad_()
x1.grad
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
v2 = 2 ** x1
v2
try:
    v2 += 3
except RuntimeError as e:
    print(e)
v2
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x3 = torch.ones((1, 2, 3), requires_grad=True)
torch.manual_seed(8)
c4 = torch.rand((2,))
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x1.grad
x3.grad
v5 = v2.pow(2)
v5
x1.size()
try:
    v5.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v6 = 2.0 + x3
v7 = torch.sin(v5)
v7
torch.manual_seed(17)
c8 = torch.randn((3, 1))
v9 = torch.matmul(x1, c8)
v10 = v2.max()
v10
try:
    (v9 * v9).mean().backward()
except RuntimeError as e:
    print(e)
x3.grad
v11 = x1.prod(-1)
v11
