# gradcli: expect mismatch
# a custom Function whose backward forgot a factor: fast mode's message, then slow mode's Jacobians
import torch
from torch.autograd import gradcheck
from torch.autograd.gradcheck import GradcheckError


class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * x * x  # forgot the factor 3


class Tiny(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2.0000001


x = torch.tensor([1.0, -2.0, 0.5], dtype=torch.double, requires_grad=True)
try:
    gradcheck(MyCube.apply, (x,), fast_mode=True)
except GradcheckError as e:
    print("fast gradcheck failed:")
    print(e)
print(gradcheck(MyCube.apply, (x,), fast_mode=True, raise_exception=False))
try:
    gradcheck(Tiny.apply, (x,), fast_mode=True, atol=0.0, rtol=1e-9)
except GradcheckError as e:
    print(e)
gradcheck(MyCube.apply, (x,), fast_mode=True)
