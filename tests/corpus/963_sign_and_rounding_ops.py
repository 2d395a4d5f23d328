# trunc/fix, frac, sgn, positive, copysign (of -0.0 too), deg2rad/rad2deg, fmax/fmin (nan, ties)
import torch
x = torch.tensor([2.7, -2.7, 0.0, -0.5, 3.0], requires_grad=True)
torch.trunc(x)
x.fix()
torch.frac(x)
torch.sgn(x)
torch.positive(x) is x
y = torch.tensor([1.0, -0.0, 0.0, -2.0, float('nan')], requires_grad=True)
c = torch.copysign(x, y)
c
c.sum().backward()
x.grad
y.grad
x.grad = None
torch.copysign(x, -1)
torch.copysign(torch.tensor([1, -2]), 3)
d = torch.deg2rad(x) + torch.rad2deg(x)
d
a = torch.tensor([1.0, float('nan'), 2.0, 3.0], requires_grad=True)
b = torch.tensor([1.0, 5.0, float('nan'), 0.0], requires_grad=True)
m = torch.fmax(a, b) + torch.fmin(a, b) * 2
m
m.sum().backward()
a.grad
b.grad
torch.fmax(torch.tensor([1, 5]), torch.tensor([3, 2]))
try:
    torch.frac(torch.tensor([1, 2]))
except NotImplementedError as e:
    print(e)
try:
    torch.trunc(torch.tensor([True]))
except NotImplementedError as e:
    print(e)
try:
    torch.positive(torch.tensor([True]))
except RuntimeError as e:
    print(e)
try:
    torch.fmax(x, 2)
except TypeError as e:
    print(e)
z = torch.tensor([1.5, -2.5])
z.trunc_()
z.copysign_(torch.tensor([-1.0, 1.0]))
z.deg2rad_()
