import torch
c1 = torch.tensor(0.0)
x2 = torch.tensor(-0.5, requires_grad=True)
v3 = torch.stack([c1, x2], dim=0)
v4 = 3 / v3
c7 = torch.zeros((2,))
v8 = torch.div(v4, c7)
try:
    (v8 * v8).mean().backward()
except RuntimeError as e:
    print(e)
x2.grad
try:
    (x2 * x2).mean().backward()
except RuntimeError as e:
    print(e)
x2.grad
