import torch
x1 = torch.tensor([-0.25, 2.0], requires_grad=True)
x2 = torch.tensor([[-0.75, 2.0, -1.5], [-2.0, 1.25, 1.25], [-0.25, -0.75, -1.0]], requires_grad=True)
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v3 = x1.flatten()
v3
v4 = x1.flatten()
v4
x2
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v5 = x1.double()
v6 = x2.transpose(0, 1)
v6
x7 = torch.tensor([-2.0], requires_grad=True)
x1
