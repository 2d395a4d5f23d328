import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h1 = x.register_hook(lambda g: g * 2)
h2 = x.register_hook(lambda g: g + 1)
h1
x.sum().backward()
x.grad
h1.remove()
x.grad = None
x.sum().backward()
x.grad
h2.remove()
h2.remove()
x.grad = None
x.sum().backward()
x.grad
y = x * 3
hy = y.register_hook(lambda g: g * 0)
hy.remove()
y.sum().backward()
x.grad
