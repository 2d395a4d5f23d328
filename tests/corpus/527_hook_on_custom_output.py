import torch

class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        print("backward got", grad_output)
        return 3 * x ** 2 * grad_output

x = torch.tensor([1.0, -1.0], requires_grad=True)
y = Cube.apply(x)
h = y.register_hook(lambda g: print("hook saw", g))
(y * 2).sum().backward()
x.grad
