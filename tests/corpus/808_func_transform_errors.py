import torch
from torch.func import vjp, jacrev, jacfwd, jvp, hessian, grad
x = torch.tensor([1.0, 2.0])
out, fn = vjp(lambda a: (a * 2, a.sum()), x)
try:
    fn(torch.ones(2))
except RuntimeError as e:
    print(e)
out, fn = vjp(torch.sin, x)
try:
    fn(torch.ones(3))
except RuntimeError as e:
    print(e)
try:
    vjp(lambda a: 1.0, x)
except RuntimeError as e:
    print(e)
try:
    jacrev(torch.sin, argnums=1)(x)
except RuntimeError as e:
    print(e)
try:
    jacrev(lambda a, b: a * b, argnums=(0, 0))(x, x)
except RuntimeError as e:
    print(e)
try:
    jvp(torch.sin, x, (torch.ones(2),))
except RuntimeError as e:
    print(e)
try:
    grad(lambda a: a.sum(), argnums=1.0)(x)
except RuntimeError as e:
    print(e)
try:
    jacfwd(torch.sin)(3.0)
except ValueError as e:
    print(e)
print(jacrev(lambda a: torch.ones(2))(x))
print(grad(lambda a, b: (a * 2).sum(), argnums=1)(x, x))
