import torch
from torch.autograd import gradcheck

calls = {"forward": 0, "backward": 0}


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        calls["forward"] += 1
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, grad_output):
        calls["backward"] += 1
        print("backward got", grad_output)
        return grad_output * ctx.k, None


x = torch.tensor([1.0, 2.0], dtype=torch.double, requires_grad=True)
print(gradcheck(Scale.apply, (x, 3.0)))
print(calls)
print(gradcheck(Scale.apply, (x, 3.0), check_undefined_grad=False))
print(calls)
