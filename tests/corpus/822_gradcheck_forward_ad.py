# the forward-mode AD tutorial's gradcheck of a custom Function's jvp, and a wrong jvp
import torch
import torch.autograd.forward_ad as fwAD
from torch.autograd.gradcheck import GradcheckError

class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, foo):
        result = torch.exp(foo)
        ctx.result = result
        return result

    @staticmethod
    def jvp(ctx, gI):
        gO = gI * ctx.result
        del ctx.result
        return gO

class WrongJvp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x
        return x ** 2

    @staticmethod
    def jvp(ctx, gx):
        return gx * ctx.x  # forgot the factor 2

primal = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(Fn.apply, (primal,), check_forward_ad=True,
                               check_backward_ad=False, check_undefined_grad=False,
                               check_batched_grad=False))
print(torch.autograd.gradcheck(lambda a, b: (a * b).sin(), (primal, primal.detach() + 1),
                               check_forward_ad=True, check_undefined_grad=False))
x = torch.tensor([1.0, 2.0, -0.5], dtype=torch.double, requires_grad=True)
try:
    torch.autograd.gradcheck(WrongJvp.apply, (x,), check_forward_ad=True,
                             check_backward_ad=False, check_undefined_grad=False)
except GradcheckError as e:
    print(e)
print(torch.autograd.gradcheck(WrongJvp.apply, (x,), check_forward_ad=True,
                               check_backward_ad=False, check_undefined_grad=False,
                               raise_exception=False))
try:
    torch.autograd.gradcheck(lambda a: a * 2, (x,), check_forward_ad=False,
                             check_backward_ad=False)
except AssertionError as e:
    print(e)
