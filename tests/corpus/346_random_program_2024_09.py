import torch
x1 = torch.tensor([[-0.75, -1.0], [-1.0, 2.0]], requires_grad=True)
v2 = x1[[0, 1, 1]]
if x1.grad is not None:
    x1.grad.zero_()
v3 = v2.sqrt()
v3
v4 = v3 / 2.0
v4
with torch.no_grad():
    n5 = v2 * 2
n5.requires_grad
try:
    (v2 * v2).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
v6 = x1.clone()
