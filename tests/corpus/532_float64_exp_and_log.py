import torch

class ExpLog(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        e = x.exp()
        l = y.log()
        ctx.save_for_backward(e, y)
        return e * l

    @staticmethod
    def backward(ctx, grad_output):
        e, y = ctx.saved_tensors
        return grad_output * e * y.log(), grad_output * e / y

x = torch.tensor([0.1, 0.2], dtype=torch.float64, requires_grad=True)
y = torch.tensor([2.0, 3.0], dtype=torch.float64, requires_grad=True)
z = ExpLog.apply(x, y)
z
z.sum().backward()
x.grad
y.grad
