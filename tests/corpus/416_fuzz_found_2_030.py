import torch
x1 = torch.full((1,), 3, dtype=torch.float64, requires_grad=True)
with torch.no_grad():
    x1.fill_(-0.5)
x1
x2 = torch.tensor([[-0.5, 0.5]], dtype=torch.float64, requires_grad=True)
v3 = x1 @ x2
v3.retain_grad()
v4 = x1.reshape(-1)
v3
x1
x5 = torch.tensor(-2.0, requires_grad=True)
try:
    v3[0] = 3
except RuntimeError as e:
    print(e)
v3
try:
    (v3 * v3).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x5.grad
v3
x6 = torch.tensor([-2.0, -0.25], dtype=torch.float64, requires_grad=True)
v7 = torch.sub(v3, x6, alpha=2)
v8 = x5.masked_fill(x5 < 0, 0.0)
v8
