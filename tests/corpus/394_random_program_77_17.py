import torch
x1 = torch.tensor(-2.0, requires_grad=True)
v2 = x1.clone()
v2
v2.retain_grad()
try:
    print(torch.autograd.grad(x1.sum(), [x1], retain_graph=True))
except RuntimeError as e:
    print(e)
x1.grad
v2.grad
v3 = x1.sqrt()
v3
x4 = torch.tensor(2.0, requires_grad=True)
v5 = torch.pow(v3.abs(), x4)
v5
if x4.grad is not None:
    x4.grad.zero_()
try:
    (x4 * x4).mean().backward()
except RuntimeError as e:
    print(e)
x4.grad_fn
try:
    v5.add_(2.0)
except RuntimeError as e:
    print(e)
v5
v3.retain_grad()
if x4.grad is not None:
    with torch.no_grad():
        x4 -= 0.5 * x4.grad
x4
v3
x1
