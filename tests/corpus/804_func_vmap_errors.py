import torch
from torch.func import vmap
x = torch.ones(3, 2)
y = torch.ones(4, 2)
def mul(a, b):
    return a * b
try:
    vmap(mul)(x, y)
except ValueError as e:
    print(e)
try:
    vmap(lambda a: a, in_dims=2)(x)
except ValueError as e:
    print(e)
try:
    vmap(mul, in_dims=(0, 0))(x, 2.0)
except ValueError as e:
    print(e)
try:
    vmap(lambda a: 1.0)(x)
except ValueError as e:
    print(e)
try:
    vmap(lambda a: a, in_dims=(None,))(x)
except ValueError as e:
    print(e)
try:
    vmap(lambda a: a, in_dims=1.5)(x)
except ValueError as e:
    print(e)
try:
    vmap(mul)()
except ValueError as e:
    print(e)
print(vmap(mul, in_dims=(0, None))(x, 3))
print(vmap(lambda a: (a, a.sum()))(x))
vmap(mul)(x, y)
