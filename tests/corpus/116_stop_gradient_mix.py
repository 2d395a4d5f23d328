import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
y = (a * b).sum()
y.requires_grad
y.backward()
a.grad, b.grad
a.grad = None
z = (a * a.detach()).sum()
z.backward()
a.grad
a.grad = None
w = (a * 2).detach() * a
w.grad_fn
w.sum().backward()
a.grad
