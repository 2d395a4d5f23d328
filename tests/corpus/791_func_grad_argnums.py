import torch
from torch.func import grad, grad_and_value
def f(x, y):
    return (x * y ** 2).sum()
x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([0.5, -1.0, 2.0])
print(grad(f)(x, y))
print(grad(f, argnums=1)(x, y))
gx, gy = grad(f, argnums=(0, 1))(x, y)
print(gx, gy)
print(grad(f, argnums=-1)(x, y))
g, value = grad_and_value(f)(x, y)
print(g, value)
print(grad_and_value(f, argnums=(0, 1))(x, y))
