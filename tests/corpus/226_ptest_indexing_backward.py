import torch
x = torch.arange(1.0, 17.0).view(4, 4).requires_grad_()
y = x[1]
y.sum().backward()
x.grad
x.grad = None
idx = torch.tensor([0, 0, 2])
x[idx].sum().backward()
x.grad
x.grad = None
x[1:3, [0, 3]].sum().backward()
x.grad
x.grad = None
x[x > 10].sum().backward()
x.grad
