import torch
from torch.func import grad, vmap, jacrev
x = torch.tensor([0.5, 1.5], requires_grad=True)
def calls_backward(a):
    y = (a ** 2).sum()
    y.backward()
    return y
try:
    grad(calls_backward)(x)
except RuntimeError as e:
    print(e)
try:
    vmap(lambda a: (a.sum().backward(), a)[1])(torch.ones(2, 2, requires_grad=True))
except RuntimeError as e:
    print(e)
try:
    jacrev(lambda a: (a.sin().sum().backward(), a.sin())[1])(x)
except RuntimeError as e:
    print(e)
print(x.grad)
y = (x ** 2).sum()
y.backward()
print(x.grad)
print(grad(lambda a: (a ** 3).sum())(x))
grad(calls_backward)(x.detach())
