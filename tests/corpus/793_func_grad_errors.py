import torch
from torch.func import grad, grad_and_value
x = torch.tensor([1.0, 2.0])
try:
    grad(lambda x: x ** 2)(x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda x: (x ** 2).sum().item())(x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda x: ((x ** 2).sum(), 1.0, 2.0), has_aux=True)(x)
except RuntimeError as e:
    print(e)
try:
    grad_and_value(lambda x: (x ** 2).sum(), has_aux=True)(x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda a, b: (a * b).sum(), argnums=2)(x, x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda a, b: (a * b).sum(), argnums=())(x, x)
except RuntimeError as e:
    print(e)
try:
    grad(lambda a: a.sum())(3.0)
except ValueError as e:
    print(e)
try:
    grad(lambda a: a.sum())(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
def f(x):
    y = (x ** 2).sum()
    y.backward()
    return y
try:
    grad(f)(x)
except RuntimeError as e:
    print(e)
print(grad(lambda x: x.sum().item() * x.sum())(x))
grad(lambda x: x * 2)(x)
