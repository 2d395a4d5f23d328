# @once_differentiable on a custom Function's backward (from torch.autograd.function): run under
# no_grad, so a create_graph gradient through it has no grad_fn (issue #33)
import torch
from torch.autograd.function import once_differentiable


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        print(torch.is_grad_enabled(), grad_output.requires_grad)
        return 2 * x * grad_output


x = torch.tensor([3., -1.], requires_grad=True)
y = Square.apply(x)
y.sum().backward()
x.grad
y = Square.apply(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
g, g.requires_grad, g.grad_fn
try:
    g.sum().backward()
except RuntimeError as e:
    print(e)
