import torch

class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        print("forward, grad enabled:", torch.is_grad_enabled())
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * 2

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = Double.apply(x)
y
y.requires_grad
z = Double.apply(torch.tensor([3.0]))
z.grad_fn
w = Double.apply(x)
w.grad_fn
w.grad_fn.next_functions
