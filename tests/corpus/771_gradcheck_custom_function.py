import torch
from torch.autograd import gradcheck


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x ** 2


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.double, requires_grad=True)
print(gradcheck(Cube.apply, (x,), eps=1e-6, atol=1e-4))
print(gradcheck(Cube.apply, x))
y = Cube.apply(x)
y
y.sum().backward()
x.grad
