# gradcli: expect mismatch
import torch
from torch.autograd import gradcheck


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


class BadExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        ctx.save_for_backward(i)
        return i.exp()

    @staticmethod
    def backward(ctx, grad_output):
        i, = ctx.saved_tensors
        return grad_output * i


x = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64, requires_grad=True)
ok = gradcheck(Exp.apply, (x,), raise_exception=False)
bad = gradcheck(BadExp.apply, (x,), raise_exception=False)
print(ok, bad)
for fn in [Exp.apply, BadExp.apply, torch.exp]:
    print(gradcheck(fn, (x,), eps=1e-6, atol=1e-4, raise_exception=False))
x.grad
