import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
g = torch.autograd.grad(y, x)
g
isinstance(g, tuple)
x.grad
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
ga, gb = torch.autograd.grad(a * b, [a, b])
ga, gb
ga.requires_grad, ga.is_leaf
h = x * 3
torch.autograd.grad(h.sum(), h)
