import torch
from torch.func import vmap, grad
xs = torch.tensor([[1.0, -2.0, 3.0], [-1.0, 0.5, 2.0]])
def scaled(a):
    return a * a.sum().item()
try:
    vmap(scaled)(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: a * float(a.max()))(xs)
except RuntimeError as e:
    print(e)
def relu_if(a):
    if a.sum() > 0:
        return a
    return -a
try:
    vmap(relu_if)(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: a.sum().tolist())(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: a[a > 0])(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(grad(lambda a: a.sum() * a.max().item()))(xs)
except RuntimeError as e:
    print(e)
print(vmap(lambda a: torch.where(a.sum() > 0, a, -a))(xs))
print(grad(lambda a: (a ** 2).sum() * a.sum().item())(xs[0]))
c = torch.tensor(2.0)
print(vmap(lambda a: a * c.item())(xs))
vmap(relu_if)(xs)
