import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 1
v = y[1:3]
v.mul_(torch.tensor([10.0, 100.0]))
y
v
y.grad_fn
v.grad_fn
v.grad_fn.next_functions
(y * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
x.grad
x.grad = None
y = x * 1
w = y.view(2, 2)
w[0, 1] = 0.0
y
y.sum().backward()
x.grad
