import torch

class LeakyClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, slope=0.1):
        print("needs_input_grad:", ctx.needs_input_grad)
        ctx.save_for_backward(x)
        ctx.slope = slope
        return torch.where(x > 0, x, x * slope)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        scale = torch.where(x > 0, torch.ones_like(x), torch.full_like(x, ctx.slope))
        return grad_output * scale, None

x = torch.tensor([-2.0, -0.5, 0.5, 3.0], requires_grad=True)
y = LeakyClamp.apply(x, slope=0.2)
y
(y * y).sum().backward()
x.grad
x.grad = None
LeakyClamp.apply(x).sum().backward()
x.grad
