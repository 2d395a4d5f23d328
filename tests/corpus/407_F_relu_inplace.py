import torch
x = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)
y = x * 2
z = F.relu(y, inplace=True)
z is y
y
y.grad_fn
y.sum().backward()
x.grad
try:
    F.relu(x, inplace=True)
except RuntimeError as e:
    print(e)
a = x * 1
b = a.sigmoid()
F.relu(b, inplace=True)
try:
    b.sum().backward()
except RuntimeError as e:
    print(e)
