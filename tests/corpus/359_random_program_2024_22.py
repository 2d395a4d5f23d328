import torch
x1 = torch.tensor([-0.25], requires_grad=True)
x2 = torch.tensor([0.25], dtype=torch.float64, requires_grad=True)
v3 = torch.stack([x1, x2], dim=0)
v3
with torch.no_grad():
    n4 = v3 * 2
n4.requires_grad
with torch.no_grad():
    n5 = x1 * 2
n5.requires_grad
try:
    gs = torch.autograd.grad(x1.sum(), [x1, x2], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x2.grad
n5
v6 = v3 ** 3
