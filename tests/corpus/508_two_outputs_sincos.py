import torch

# one Function, two outputs: backward gets one gradient per output
class SinCos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin(), x.cos()

    @staticmethod
    def backward(ctx, grad_sin, grad_cos):
        x, = ctx.saved_tensors
        return grad_sin * x.cos() - grad_cos * x.sin()

x = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
s, c = SinCos.apply(x)
s
c
print(s.grad_fn.name(), c.grad_fn.name())
(s * c).sum().backward()
x.grad
x.grad = None
s, c = SinCos.apply(x)
s.sum().backward()   # the unused output's gradient arrives as zeros
x.grad
