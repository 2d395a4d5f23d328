import torch
from torch.func import grad
# torch.func.grad composes with ordinary autograd: a result stays differentiable in what
# requires grad outside the transform
x = torch.tensor([1.0, 2.0], requires_grad=True)
g = grad(lambda x: (x ** 3).sum())(x)
print(g, x.grad)
g.sum().backward()
print(x.grad)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = torch.tensor([1.0, 2.0])
gy = grad(lambda y: (y * w).sum())(y)
print(gy)
with torch.no_grad():
    print(grad(lambda y: (y ** 2 * w).sum())(y))
print(grad(lambda y: torch.ones(()))(y))
