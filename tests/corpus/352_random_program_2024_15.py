import torch
torch.manual_seed(44)
x1 = torch.randn((1, 2), requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
v2 = x1[..., 0]
try:
    (v2 * v2).mean().backward()
except RuntimeError as e:
    print(e)
try:
    v2.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v3 = x1.reshape(2, 1)
v3
v4 = x1.sum()
v4
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
try:
    print(torch.autograd.grad(v2.sum(), [x1]))
except RuntimeError as e:
    print(e)
x1.grad
v3.numel()
v5 = x1.T
