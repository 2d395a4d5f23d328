# gradcli: expect mismatch
import torch

# straight-through estimator: round in the forward, identity in the backward
# (sympy's derivative of round is 0, so the check flags the script's own derivative)
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output

w = torch.tensor([0.2, 1.7, -0.6], requires_grad=True)
q = RoundSTE.apply(w)
q
loss = ((q - 1.0) ** 2).sum()
loss.backward()
w.grad
