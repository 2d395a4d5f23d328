import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x ** 2
b = x.pow(3)
c = torch.pow(x, 0.5)
d = 2 ** x
e = x ** torch.tensor(2.0)
a.grad_fn, b.grad_fn, c.grad_fn, d.grad_fn, e.grad_fn
d
(a + b + d).sum().backward()
x.grad
x.grad = None
torch.pow(2, x).sum().backward()
x.grad
i = torch.tensor([4])
i ** 0.5, i ** 2
torch.tensor([2]) ** -1
