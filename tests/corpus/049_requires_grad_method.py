import torch
a = torch.tensor([1.0, 2.0])
a.requires_grad
b = a.requires_grad_()
b
b is a
a.is_leaf
(a * a).sum().backward()
a.grad
a.requires_grad_(False)
a.requires_grad
c = torch.ones(2)
c.requires_grad = True
c
y = c * 2
y.requires_grad_()
try:
    y.requires_grad_(False)
except RuntimeError as e:
    print(str(e)[:60])
y.requires_grad = True
