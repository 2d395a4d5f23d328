import torch

class ScaledTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        t = torch.tanh(x)
        ctx.save_for_backward(t)
        ctx.scale = scale
        return scale * t

    @staticmethod
    def backward(ctx, grad_output):
        t, = ctx.saved_tensors
        return grad_output * ctx.scale * (1 - t * t), None

class Layer:
    def __init__(self, n, scale=2.0):
        self.w = torch.full((n,), 0.5, requires_grad=True)
        self.scale = scale

    def forward(self, x):
        return ScaledTanh.apply(self.w * x, self.scale)

layer = Layer(3)
x = torch.tensor([1.0, -1.0, 2.0])
out = layer.forward(x)
out
out.sum().backward()
layer.w.grad
