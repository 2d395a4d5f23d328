# gradcli: expect mismatch
import torch

# a custom exp whose backward forgot the chain rule's factor
class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2

x = torch.tensor([0.5, 1.0], requires_grad=True)
MyExp.apply(x).sum().backward()
x.grad
