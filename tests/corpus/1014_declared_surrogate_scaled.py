# gradcli: surrogate HalfSquareGrad
import torch

# a declared surrogate is trusted: this backward returns g*x where d/dx x**2 is 2*x, and its
# row says so (0.5 × d/dx of its forward) while the gradients through it stay checked
class HalfSquareGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * x

w = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y = HalfSquareGrad.apply(w * 3 + b)
(y.sin() * b).sum().backward()
w.grad
b.grad
