import torch
from torch.autograd import gradcheck, gradgradcheck


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * 3 * x ** 2  # built from x: differentiable again


torch.manual_seed(0)
x = torch.randn(2, 2, dtype=torch.double, requires_grad=True)
print(gradcheck(Cube.apply, x))
print(gradgradcheck(Cube.apply, x))
print(torch.randn(3))
print(gradgradcheck(Cube.apply, x, gen_non_contig_grad_outputs=True))
print(torch.rand(3))
x3 = Cube.apply(x)
g, = torch.autograd.grad(x3.sum(), x, create_graph=True)
g.sum().backward()
print(x.grad)
