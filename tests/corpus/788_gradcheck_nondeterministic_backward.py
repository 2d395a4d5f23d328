import torch
from torch.autograd import gradcheck


class NoisyDouble(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        noise = torch.rand(grad_output.shape, dtype=torch.double) * 1e-7
        return grad_output * (2 + noise)


torch.manual_seed(0)
x = torch.tensor([1.0, -1.0], dtype=torch.double, requires_grad=True)
try:
    gradcheck(NoisyDouble.apply, (x,))
except RuntimeError as e:
    print(str(e).split("\n")[0])
print(gradcheck(NoisyDouble.apply, (x,), nondet_tol=1e-6))
print(torch.rand(1))
