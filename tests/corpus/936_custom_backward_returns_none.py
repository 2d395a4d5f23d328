# gradcli: expect mismatch
import torch
# A custom backward that returns None for an input that requires grad: torch leaves b.grad
# None without a word (gradcheck would catch it); the check names the Function, the input and
# sympy's derivative there. None for an input that needs no grad, or is no tensor, is right.
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        ctx.save_for_backward(a, b)
        ctx.scale = scale
        return a * b * scale

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        return grad_output * b * ctx.scale, None, None

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
Mul.apply(a, b, 2.0).sum().backward()
a.grad
b.grad
c = torch.tensor([4.0, 5.0, 6.0])
a.grad = None
Mul.apply(a, c, 3.0).sum().backward()
a.grad
c.grad
