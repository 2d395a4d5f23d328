import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
msgs = []
a = x * 1
y = a ** 2
a += 1
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
a = x ** 2
b = a * a
a.mul_(2)
try:
    b.sum().backward()
except RuntimeError as e:
    print(e)
a = x.sigmoid()
s = a.sum()
try:
    a.add_(1)
    b2 = (a * 1).sum()
    x2 = x.sigmoid()
except RuntimeError as e:
    print(e)
c = torch.ones(2)
y = x * c
c.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
w = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
h = w.tanh()
h.mul_(2)
try:
    h.sum().backward()
except RuntimeError as e:
    print(e)
a = x * 1
y = a * a
a.add_(1)
a.add_(1)
a.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
z = x.exp()
d = z.detach()
d[0] = 5.0
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
z
