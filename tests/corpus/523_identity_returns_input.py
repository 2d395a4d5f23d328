import torch

class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 1

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Identity.apply(x)
y is x
y
y.is_leaf
(y * 3).sum().backward()
x.grad
