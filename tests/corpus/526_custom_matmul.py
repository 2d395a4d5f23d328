import torch

class MatMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a @ b

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        grad_a = grad_b = None
        if ctx.needs_input_grad[0]:
            grad_a = grad_output @ b.t()
        if ctx.needs_input_grad[1]:
            grad_b = a.t() @ grad_output
        return grad_a, grad_b

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
c = MatMul.apply(a, b)
c
(c ** 2).sum().backward()
a.grad
b.grad
