import torch
x1 = torch.full((2,), -0.5, requires_grad=True)
print(x1)
v2 = x1.log1p()
v2
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
v3 = torch.cat((x1, v2), 0)
x4 = torch.tensor(2.0, requires_grad=True)
v5 = v2[v2 > 0]
v5
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
try:
    v2.backward()
except RuntimeError as e:
    print(e)
x4.grad
v5.requires_grad
try:
    v2[1] = 0.5
except RuntimeError as e:
    print(e)
v6 = x1.neg()
v6
v7 = torch.norm(v5)
v7
v5
v8 = v2.exp()
v8
try:
    v2.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x4.grad
