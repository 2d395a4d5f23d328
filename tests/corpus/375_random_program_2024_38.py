import torch
x1 = torch.tensor([[1.25, 0.5, 2.0], [-0.25, 2.0, -0.25]], requires_grad=True)
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x1
v2 = x1.expand(2, 3)
v2
v3 = x1.sum()
v3
v4 = v3.detach()
v4
try:
    v2.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
c5 = torch.tensor([-1.0, -0.5, 1.25])
v6 = v2.mv(c5)
v6
v7 = F.relu(v3)
v7
x1
v8 = 1.5 - v2
v8
