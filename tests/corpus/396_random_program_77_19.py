import torch
x1 = torch.tensor(-1.0, dtype=torch.float64, requires_grad=True)
x2 = torch.zeros((2, 3), dtype=torch.float64, requires_grad=True)
v3 = x2[[0, 0]]
v3
x4 = torch.tensor(0.25, dtype=torch.float64, requires_grad=True)
v5 = torch.stack([x1, x4], dim=0)
v6 = torch.tan(x4)
v6
v7 = v3.T
v7
x2
v8 = torch.pow(x1, 2)
x4
v9 = v3.cumsum(-1)
v9
v10 = v6.clone()
v10
v8.retain_grad()
v11 = torch.stack([v10, v8], dim=0)
v11
v9.grad
v8.retain_grad()
with torch.no_grad():
    n12 = x1 * 2
n12.requires_grad
try:
    gs = torch.autograd.grad(v11.sum(), [x2], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x4.grad
v13 = 3 + v10
v13
c14 = torch.full((3,), -0.5, dtype=torch.float64)
v15 = v3.mv(c14)
v15
