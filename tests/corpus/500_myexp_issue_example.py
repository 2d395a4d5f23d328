import torch

class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * y

def f(x, k=2):
    return MyExp.apply(x) * k

x = torch.tensor([0.5, 1.0], requires_grad=True)
n = 0
while n < 3:
    f(x).sum().backward()
    n += 1
x.grad
