# gradcli: expect mismatch
import torch

# forum: "binarize weights in the forward, pass gradients straight through where |w| <= 1"
class BinarizeSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w):
        ctx.save_for_backward(w)
        return torch.sign(w)

    @staticmethod
    def backward(ctx, grad_output):
        w, = ctx.saved_tensors
        grad = grad_output.clone()
        grad[w.abs() > 1] = 0
        return grad

w = torch.tensor([0.3, -0.8, 1.5, -2.0], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0, 4.0])
wb = BinarizeSTE.apply(w)
wb
out = (wb * x).sum()
out.backward()
w.grad
