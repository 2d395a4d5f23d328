import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: g.sum())
try:
    (x * 2).sum().backward()
except RuntimeError as e:
    print(e)
h.remove()
h2 = x.register_hook(lambda g: g * 0)
(x * 2).sum().backward()
x.grad
h2.remove()
x.grad = None
y = x * 3
y.register_hook(lambda g: g * 2)
y.sum().backward()
x.grad
x.register_hook(lambda g: 1)
(x * 2).sum().backward()
