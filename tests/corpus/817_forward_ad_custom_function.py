# the forward-mode AD tutorial's custom Function: jvp as a staticmethod, ctx freed with del
import torch
import torch.autograd.forward_ad as fwAD

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

class NoJvp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2

class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y, k):
        ctx.k = k
        return x * y * k

    @staticmethod
    def jvp(ctx, gx, gy, gk):
        print("jvp got", gx, gy, gk)
        return gx * ctx.k

fn = Fn.apply
primal = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=torch.double, requires_grad=True)
tangent = torch.tensor([[1.0, 2.0], [-0.5, 3.0]])
with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    dual_output = fn(dual_input)
    jvp = fwAD.unpack_dual(dual_output).tangent
    print(dual_output)
    try:
        NoJvp.apply(dual_input)
    except NotImplementedError as e:
        print(e)
    r = Scale.apply(dual_input, torch.ones(2, 2, dtype=torch.double), 3.0)
    print(fwAD.unpack_dual(r).tangent)
    print(NoJvp.apply(torch.ones(2)))
print(jvp)
print(torch.allclose(jvp, tangent * primal.exp()))
