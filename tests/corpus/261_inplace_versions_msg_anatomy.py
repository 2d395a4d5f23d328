import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
a = x * 1
y = a ** 2
a.add_(1)
a.add_(1)
a.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
b = torch.zeros(2)
b[0] = x[0] * 2
z = b * b
b.mul_(2)
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
m = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
s = m.sigmoid()
s.zero_()
try:
    s.sum().backward()
except RuntimeError as e:
    print(e)
t = torch.tensor(2.0, requires_grad=True)
u = t.exp()
u.add_(1)
try:
    u.backward()
except RuntimeError as e:
    print(e)
