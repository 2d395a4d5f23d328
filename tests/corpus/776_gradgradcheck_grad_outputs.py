import torch
from torch.autograd import gradgradcheck
from torch.autograd.gradcheck import GradcheckError


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x.detach() * grad_output  # not differentiable in x


x = torch.tensor([1.0, -2.0], dtype=torch.double, requires_grad=True)
gO = torch.tensor([1.0, 0.5], dtype=torch.double, requires_grad=True)
print(gradgradcheck(lambda t: t * t, (x,), (gO,)))
print(torch.autograd.gradcheck(Square.apply, (x,)))
try:
    gradgradcheck(Square.apply, (x,), (gO,))
except GradcheckError as e:
    print(e)
print(gradgradcheck(Square.apply, (x,), (gO,), raise_exception=False))
