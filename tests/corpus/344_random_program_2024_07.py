import torch
x1 = torch.tensor([1.0, -2.0, -0.5], requires_grad=True)
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x1.grad
with torch.no_grad():
    n2 = x1 * 2
n2.requires_grad
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x1.grad
x3 = torch.ones((1,), requires_grad=True)
v4 = torch.dot(x3, x3)
v4
v5 = torch.log(x1)
v5
x1.is_leaf
v6 = x1.clamp_min(0)
v6
x1
x1.grad = None
