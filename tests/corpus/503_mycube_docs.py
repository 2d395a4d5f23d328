import torch

# The docs' MyCube: backward saves dx for double backward
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(x):
        result = x ** 3
        # In regular PyTorch, if we had just run y = x ** 3, then the backward
        # pass computes dx = 3 * x ** 2. In this autograd.Function, we've done
        # that computation here in the forward pass instead.
        dx = 3 * x ** 2
        return result, dx

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, = inputs
        result, dx = output
        ctx.save_for_backward(x, dx)

    @staticmethod
    def backward(ctx, grad_output, grad_dx):
        x, dx = ctx.saved_tensors
        # In order for the autograd.Function to work with higher-order
        # gradients, we must add the gradient contribution of `dx`.
        result = grad_output * dx + grad_dx * 6 * x
        return result

def my_cube(x):
    result, _ = MyCube.apply(x)
    return result

x = torch.tensor([1.0, 2.0, -0.5], requires_grad=True)
y = my_cube(x)
y
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
g
g.sum().backward()
x.grad
