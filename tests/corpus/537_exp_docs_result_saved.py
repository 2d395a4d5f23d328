import torch

# the autograd docs' Exp: the output itself is saved for backward
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

# Use it by calling the apply method:
input = torch.tensor([[0.0, 1.0], [-1.0, 2.0]], requires_grad=True)
output = Exp.apply(input)
output
output.mean().backward()
input.grad
output2 = Exp.apply(input)
output2.mul_(2)   # the saved result is modified in place afterwards
try:
    output2.sum().backward()
except RuntimeError as e:
    print(str(e)[:160])
