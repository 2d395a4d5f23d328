import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
for k in range(6):
    a = x * 1
    if k == 0:
        a = 1 - x
    elif k == 1:
        a = x.clamp(0, 5)
    elif k == 2:
        a = x.sum(0, keepdim=True)
    elif k == 3:
        a = x.double()
    elif k == 4:
        a = 2 ** x
    else:
        a = x ** x
    y = a * a
    a.mul_(2)
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(e)
a = x * 1
v = a[0:1]
y = v * v
a.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
a = torch.zeros(2)
a[0] = x[0] * 2
y = a * a
a.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
