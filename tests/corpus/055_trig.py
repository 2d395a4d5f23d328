import torch
x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
s = torch.sin(x)
c = x.cos()
t = torch.tan(x)
s, c, t
(s + c + t).sum().backward()
x.grad
x.grad = None
(x.sin() ** 2 + torch.cos(x) ** 2).sum().backward()
x.grad
x.tan().grad_fn
