import torch

class MySin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin()

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * x.cos()   # built from differentiable ops

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = MySin.apply(x)
dy, = torch.autograd.grad(y.sum(), x, create_graph=True)
dy
dy.grad_fn
d2y, = torch.autograd.grad(dy.sum(), x)
d2y
torch.allclose(d2y, -x.sin())
