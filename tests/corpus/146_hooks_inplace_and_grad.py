import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda g: g.mul_(5))
(y * 3).sum().backward()
x.grad
x.grad = None
x.register_hook(lambda g: g * 2)
g, = torch.autograd.grad((x * 3).sum(), x)
g
x.grad
h = x.register_hook(lambda g: None)
(x * 1).sum().backward()
x.grad
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)
z = torch.tensor([1.0, 2.0], requires_grad=True)
z.register_hook(lambda g: torch.ones(3))
try:
    z.sum().backward()
except RuntimeError as e:
    print(e)
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_hook(lambda g: 1)
try:
    w.sum().backward()
except TypeError as e:
    print(e)
