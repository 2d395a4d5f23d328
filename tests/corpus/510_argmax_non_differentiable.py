import torch

class MaxWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        idx = x.argmax()
        value = x.max()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return value, idx

    @staticmethod
    def backward(ctx, grad_value, grad_idx):
        x, idx = ctx.saved_tensors
        grad = torch.zeros_like(x)
        grad[idx] = grad_value
        return grad

x = torch.tensor([0.3, 2.5, -1.0, 0.7], requires_grad=True)
v, i = MaxWithIndex.apply(x)
v
i
i.requires_grad
(v * 2).backward()
x.grad
