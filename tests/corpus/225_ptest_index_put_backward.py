import torch
x = torch.zeros(3, 3)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x[1] = v
x[:, 0] = v * 2
x
x.grad_fn
x.sum().backward()
v.grad
y = torch.zeros(4)
w = torch.tensor([5.0, 6.0], requires_grad=True)
y[torch.tensor([0, 3])] = w
y.grad_fn
(y * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
w.grad
