import torch

# an in-place Function: it writes its input and says so with mark_dirty
class MulTwo_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = w * 1
out = MulTwo_.apply(h)
out is h
h
h.grad_fn
(h ** 2).sum().backward()
w.grad
try:
    MulTwo_.apply(w)
except RuntimeError as e:
    print("RuntimeError:", e)
