# gradcli: expect mismatch
import torch


class SafeLog(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log(x.clamp(min=1e-6))

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output / x * (x > 0)


x = torch.tensor([0.0, 2.0], requires_grad=True)
SafeLog.apply(x).sum().backward()
print(x.grad)
x.grad = None
with torch.autograd.detect_anomaly():
    out = SafeLog.apply(x).sum()
    try:
        out.backward()
    except RuntimeError as e:
        print(e)
    print(x.grad)
    w = torch.tensor([1.0, 0.0], requires_grad=True)
    try:
        torch.autograd.grad((w.log() * w).sum(), w)
    except RuntimeError as e:
        print(e)
    g, = torch.autograd.grad((w * w).sum(), w, create_graph=True)
    print(g)
