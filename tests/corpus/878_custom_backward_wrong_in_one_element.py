# gradcli: expect mismatch
import torch
class MyTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return y
    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        d = 1 - y * y
        d[0, 0] = 1.0
        return g * d
torch.manual_seed(3)
X = torch.randn(64, 16)
W = torch.randn(16, 32, requires_grad=True)
loss = MyTanh.apply(X @ W).sum()
loss.backward()
print(loss.item())
