import torch
x1 = torch.tensor([[[-0.5, -0.25, -1.0]]], dtype=torch.float64, requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
with torch.no_grad():
    x1 += 0.25
x1
v2 = x1[x1 > 0]
v2
x1.ndim
with torch.no_grad():
    x1[0] = 0.25
x1
v3 = v2.cos()
v3
v3
with torch.no_grad():
    x1.mul_(0.25)
x1
with torch.no_grad():
    x1.zero_()
x1
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
v3.is_leaf
v3.grad_fn.next_functions
v4 = v3.div(3)
v4
v5 = v4.pow(2)
v5
v6 = x1.detach()
v6
v7 = v2.clamp_min(0)
v7
v8 = v7.detach()
v8
v2
