import torch
x1 = (torch.arange(3, dtype=torch.float64) - 1).reshape((3, 1, 1)).requires_grad_()
v2 = x1.detach()
try:
    x1[0] = -1
except RuntimeError as e:
    print(e)
x1
x1
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x3 = torch.tensor([[-0.5]], dtype=torch.float64, requires_grad=True)
with torch.no_grad():
    x3[0] = 3
x3
with torch.no_grad():
    n4 = v2 * 2
n4.requires_grad
x5 = torch.tensor([[0.0]], dtype=torch.float64, requires_grad=True)
v6 = x3.div(x5)
n4.grad
v7 = torch.sin(x3)
v7
