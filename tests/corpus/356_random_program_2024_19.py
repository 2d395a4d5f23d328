import torch
c1 = torch.full((2, 1, 1), 2.0, dtype=torch.float64)
c1.requires_grad
torch.manual_seed(11)
x2 = torch.rand((), dtype=torch.float64, requires_grad=True)
v3 = torch.div(c1, x2)
v3
v4 = torch.mean(c1)
v4
v5 = F.mse_loss(c1, v3)
v6 = v3.transpose(2, 1)
with torch.no_grad():
    x2.zero_()
x2
x7 = torch.full((2, 2, 1), 2.0, requires_grad=True)
v5.retain_grad()
try:
    v4 += 2
except RuntimeError as e:
    print(e)
if x2.grad is not None:
    x2.grad.zero_()
torch.manual_seed(33)
c8 = torch.rand((1, 1), dtype=torch.float64)
v9 = c1.sub(c8)
v9
v10 = x2.log()
v10
try:
    v3.sum().backward()
except RuntimeError as e:
    print(e)
x2.grad
x7.grad
v11 = c1.masked_fill(c1 < 0, 0.0)
v12 = F.mse_loss(v11, c1)
v12
x13 = torch.tensor(-1.0, requires_grad=True)
v14 = torch.log(c1)
v14
x15 = torch.tensor(-1.5, requires_grad=True)
x16 = torch.tensor(0.25, requires_grad=True)
v17 = torch.add(c1, x2, alpha=2)
v17
