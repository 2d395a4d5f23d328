import torch
from torch.func import grad, vjp, jacrev, jvp
x = torch.tensor([1.0, 2.0, 3.0])
buf = torch.zeros(3)
def accumulate(a):
    buf.add_(a)
    return a.sum()
try:
    grad(accumulate)(x)
except RuntimeError as e:
    print(e)
print(buf)
def counter(a):
    buf.add_(1.0)
    return (a * a).sum()
try:
    grad(counter)(x)
except RuntimeError as e:
    print(e)
def write_slot(a):
    buf[0] = a[0]
    return a.sum()
try:
    grad(write_slot)(x)
except RuntimeError as e:
    print(e)
try:
    vjp(lambda a: buf.mul_(a), x)
except RuntimeError as e:
    print(e)
try:
    jacrev(lambda a: buf.copy_(a))(x)
except RuntimeError as e:
    print(e)
try:
    jvp(lambda a: (buf.zero_(), a.sin())[1], (x,), (torch.ones(3),))
except RuntimeError as e:
    print(e)
try:
    grad(lambda a: (buf.pow_(2), a.sum())[1])(x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda a: (buf.clamp_(min=0.5), a.sum())[1])(x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda a: (buf.exp_(), a.sum())[1])(x)
except RuntimeError as e:
    print(e)
def fresh(a):
    out = torch.zeros(3).add_(a)
    copy = buf.clone().mul_(a)
    return (out * out).sum() + copy.sum()
print(grad(fresh)(x))
print(buf)
grad(accumulate)(x)
