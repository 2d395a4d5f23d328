# gradcli: expect mismatch
import torch
from torch.autograd import gradcheck
from torch.autograd.gradcheck import GradcheckError


class MySquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * x  # forgot the factor 2


x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.double, requires_grad=True)
try:
    gradcheck(MySquare.apply, (x,), eps=1e-6, atol=1e-4)
except GradcheckError as e:
    print("gradcheck failed:")
    print(e)
try:
    gradcheck(MySquare.apply, (x,))
except RuntimeError as e:
    print(isinstance(e, RuntimeError), isinstance(e, GradcheckError))
gradcheck(MySquare.apply, (x,))
