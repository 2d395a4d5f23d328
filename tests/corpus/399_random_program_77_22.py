import torch
x1 = torch.tensor([-2.0, 1.25, -2.0], requires_grad=True)
x2 = torch.tensor(1.25, requires_grad=True)
with torch.no_grad():
    x2 *= 2.0
c3 = torch.tensor(-2.0)
v4 = x2.mul(c3)
v5 = torch.sum(v4)
v5
v6 = v4.masked_fill(v4 < 0, 0.0)
x2
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
with torch.no_grad():
    n7 = c3 * 2
n7.requires_grad
try:
    v6.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v8 = x2.sqrt()
v8
try:
    v8.mul_(0.25)
except RuntimeError as e:
    print(e)
v8
x9 = torch.zeros((1, 3), dtype=torch.float64, requires_grad=True)
v6.retain_grad()
v10 = v4.clone()
v10
try:
    v6.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
x9.grad
try:
    v6.backward(torch.ones_like(v6))
except RuntimeError as e:
    print(e)
x1.grad
x9.grad
with torch.no_grad():
    x9.zero_()
x9
