import torch

class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("g1 is None:", g1 is None, "g2 is None:", g2 is None)
        grad = None
        if g1 is not None:
            grad = g1 * 2
        if g2 is not None:
            grad = g2 * 3 if grad is None else grad + g2 * 3
        return grad

x = torch.tensor([1.0, 2.0], requires_grad=True)
a, b = Split.apply(x)
a.sum().backward()
x.grad
a, b = Split.apply(x)
(a + b).sum().backward()
x.grad
