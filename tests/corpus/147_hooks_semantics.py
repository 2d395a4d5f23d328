import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: g * 10)
(x * 3).sum().backward()
x.grad
(x * 3).sum().backward()
x.grad
h.remove()
(x * 3).sum().backward()
x.grad
x.grad = None
seen = []
h1 = x.register_hook(lambda g: seen.append(g.clone()))
y = x * 3 + x * 4
y.sum().backward()
seen
x.grad
h1.remove()
y = x * 2
y.register_hook(lambda g: g * 100)
x.grad = None
(y * 3).sum().backward()
x.grad
y = x * 2
y.retain_grad()
y.register_hook(lambda g: g + 1)
x.grad = None
(y * 3).sum().backward()
y.grad
x.grad
y = x * 2
y.register_hook(lambda g: g + 1)
y.register_hook(lambda g: g * 2)
y.retain_grad()
x.grad = None
y.sum().backward()
y.grad
x.grad
