import torch
x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
y = torch.sigmoid(x)
y.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
z = x.exp()
z += 1
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
a = x * 2
b = a.relu()
b[0] = 0.0
try:
    b.sum().backward()
except RuntimeError as e:
    print(e)
c = x * 2
d = c ** 2
c.add_(1)
try:
    d.sum().backward()
except RuntimeError as e:
    print(e)
