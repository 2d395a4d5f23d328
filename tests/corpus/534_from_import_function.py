import torch
from torch.autograd import Function

class Reciprocal(Function):
    @staticmethod
    def forward(ctx, x):
        r = 1 / x
        ctx.save_for_backward(r)
        return r

    @staticmethod
    def backward(ctx, grad_output):
        r, = ctx.saved_tensors
        return -grad_output * r * r

x = torch.tensor([0.5, 2.0, -4.0], requires_grad=True)
r = Reciprocal.apply(x)
r
print(Reciprocal, Function)
r.sum().backward()
x.grad
