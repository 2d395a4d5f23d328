import torch
torch.manual_seed(18)
x1 = torch.rand((1, 1, 3), requires_grad=True)
torch.manual_seed(44)
x2 = torch.rand((3,), requires_grad=True)
v3 = x1 ** x2
v3
v4 = x1.expand(2, 2, 1, 3)
v4
v4.retain_grad()
try:
    x1[0] = 3
except RuntimeError as e:
    print(e)
x1
if x2.grad is not None:
    x2.grad.zero_()
v5 = torch.sub(v4, -0.5)
try:
    print(torch.autograd.grad(v4.sum(), [x1], allow_unused=True))
except RuntimeError as e:
    print(e)
x2.grad
v6 = torch.sqrt(x2)
with torch.no_grad():
    x1[0] = 3
x1
try:
    print(torch.autograd.grad(v6.sum(), [x2], retain_graph=True))
except RuntimeError as e:
    print(e)
with torch.no_grad():
    n7 = v3 * 2
n7.requires_grad
try:
    v3.sub_(2.0)
except RuntimeError as e:
    print(e)
v3
try:
    v6.backward(torch.ones_like(v6))
except RuntimeError as e:
    print(e)
x1.grad
v8 = x2.mean()
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x2.grad
v9 = torch.sub(v6, x1, alpha=2)
v9
v10 = v9.tanh()
v10
try:
    v5.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
try:
    v3.sum().backward()
except RuntimeError as e:
    print(e)
x2.grad
try:
    print(torch.autograd.grad(x1.sum(), [x2], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
