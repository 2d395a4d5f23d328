import torch
x = torch.tensor([0.25, 1.0, 4.0], requires_grad=True)
a = torch.log1p(x)
b = x.expm1()
c = torch.rsqrt(x)
d = x.reciprocal()
a
b
c, d
a.grad_fn, b.grad_fn, c.grad_fn, d.grad_fn
(a + b + c + d).sum().backward()
x.grad
z = torch.tensor([0.0], requires_grad=True)
z.reciprocal().sum().backward()
z.grad
