import torch
x_init = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
x = x_init
y = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
grad_output = torch.ones(2, 2)
for _ in range(3):
    x_grad, = torch.autograd.grad((x ** 2 + y).sum(), x, create_graph=True)
    x = x - 0.1 * x_grad
x
x_init.grad
x.sum().backward()
x_init.grad
y.grad
