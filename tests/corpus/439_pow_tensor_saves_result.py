import torch
x1 = torch.eye(3, 3, requires_grad=True)
c2 = torch.full_like(x1, 1.5)
v3 = torch.pow(x1.abs(), c2)
v3 += 0.25
try:
    v3.sum().backward()
except RuntimeError as e:
    print(e)
e2 = torch.full_like(x1, 1.5, requires_grad=True)
v4 = torch.pow(x1.detach(), e2)
v4 += 0.25
try:
    v4.sum().backward()
except RuntimeError as e:
    print(e)
