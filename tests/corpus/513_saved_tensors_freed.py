import torch

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return 2 * x * grad_output

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Square.apply(x).sum()
y.backward(retain_graph=True)
x.grad
y.backward()
x.grad
try:
    y.backward()
except RuntimeError as e:
    print(e)
