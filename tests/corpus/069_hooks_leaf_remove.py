import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: print("hook saw", g))
h2 = x.register_hook(lambda g: g * 10)
(x * 3).sum().backward()
x.grad
h2.remove()
(x * 3).sum().backward()
x.grad
h.remove()
x.grad = None
(x * 3 + x * 4).sum().backward()
x.grad
h
