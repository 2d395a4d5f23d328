# gradcli: expect mismatch
import torch

# a sign error in a hand-written derivative of cos
class MyCos(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.cos(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sin(x)   # should be -sin(x)

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
MyCos.apply(x).sum().backward()
x.grad
