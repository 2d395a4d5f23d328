# in-place writes inside vmap: a captured tensor written with unbatched values is written once, as torch's single call does
import torch
from torch.func import vmap
c = torch.zeros(3)
print(vmap(lambda a: (c.add_(1.0), a)[1])(torch.ones(2, 3)))
print(c)
d = torch.ones(3)
print(vmap(lambda a: a * d.mul_(2)[0])(torch.ones(2, 3)))
print(d)
def f(a):
    out = torch.zeros(3).add_(1.0)
    out[0] = 5.0
    return out * a
print(vmap(f)(torch.ones(2, 3)))
e = torch.zeros(3)
def g(a):
    e[1] = 2.0
    return a + e
print(vmap(g)(torch.ones(2, 3)), e)
