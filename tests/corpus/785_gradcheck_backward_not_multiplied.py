# gradcli: expect mismatch
import torch
from torch.autograd import gradcheck
from torch.autograd.gradcheck import GradcheckError


class SumSquares(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return (x * x).sum()

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x  # ignores grad_output


x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.double, requires_grad=True)
out = SumSquares.apply(x)
out.backward()
print(x.grad)
try:
    gradcheck(SumSquares.apply, (x,))
except GradcheckError as e:
    print(e)
print(gradcheck(SumSquares.apply, (x,), raise_exception=False))
