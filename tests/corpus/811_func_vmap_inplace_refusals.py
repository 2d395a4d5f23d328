import torch
from torch.func import vmap
xs = torch.ones(2, 3)
def add_into_fresh(a):
    out = torch.zeros(3)
    out += a
    return out
try:
    vmap(add_into_fresh)(xs)
except RuntimeError as e:
    print(e)
def mul_into_fresh(a):
    out = torch.ones(3)
    out.mul_(a)
    return out
try:
    vmap(mul_into_fresh)(xs)
except RuntimeError as e:
    print(e)
def copy_into(a):
    out = torch.zeros(3)
    out.copy_(a)
    return out
try:
    vmap(copy_into)(xs)
except RuntimeError as e:
    print(e)
def set_first(a):
    out = torch.zeros(3)
    out[0] = a[0]
    return out
try:
    vmap(set_first)(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: torch.ones(3).fill_(a[0]))(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: torch.ones(2, 3).add_(a))(xs)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: torch.ones(3).div_(a.sum()))(xs)
except RuntimeError as e:
    print(e)
def fine(a):
    a = a.clone().mul_(2.0)
    a += torch.ones(3)
    out = torch.zeros(3).fill_(5.0)
    return a * out
print(vmap(fine)(xs))
print(vmap(lambda a: a.clone().sin_())(xs))
vmap(mul_into_fresh)(xs)
