import torch
from torch.autograd.functional import vjp, jvp
x = torch.tensor([1.0, 2.0, 3.0])
f = lambda x: x * x
try:
    vjp(f, x)
except RuntimeError as e:
    print(e)
try:
    vjp(f, x, torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    jvp(f, x)
except RuntimeError as e:
    print(e)
try:
    jvp(lambda a, b: a * b, (x, x), (torch.ones(3),))
except RuntimeError as e:
    print(e)
vjp(lambda x: x.sum(), x)
