import torch
x1 = torch.ones((3,), requires_grad=True)
x1
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x2 = torch.ones((), requires_grad=True)
v3 = x1 + x2
x4 = torch.tensor(-0.75, requires_grad=True)
v5 = x2.div(x4)
torch.manual_seed(29)
c6 = torch.rand(())
v7 = x2 / c6
v7
try:
    v5.sub_(3)
except RuntimeError as e:
    print(e)
v8 = torch.sqrt(c6)
v8
c9 = torch.tensor([[-0.5], [1.25], [0.0]])
v10 = x1 @ c9
with torch.no_grad():
    n11 = c9 * 2
n11.requires_grad
try:
    x1.backward()
except RuntimeError as e:
    print(e)
x2.grad
x4.grad
c12 = torch.tensor([-1.0, 0.5, 0.25])
v13 = torch.mul(x1, c12)
v14 = torch.stack([v5, c6], dim=0)
v14
x15 = (torch.arange(3, dtype=torch.float32) - 1).reshape((3,)).requires_grad_()
x16 = torch.tensor(0.25, requires_grad=True)
v17 = v10 ** x16
v17
x18 = torch.tensor(-1.5, requires_grad=True)
x19 = (torch.arange(1, dtype=torch.float32) - 0).reshape((1, 1, 1)).requires_grad_()
