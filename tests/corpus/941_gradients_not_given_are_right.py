import torch
import torch.nn.functional as F
# Gradients a backward rightly does not give: a custom backward's None where the forward's
# derivative is zero, an input that needs no grad; and ones the engine must give (remainder's
# divisor, a binary cross-entropy's target that requires grad), each checked.
class Pick(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * 2 + b * 0

    @staticmethod
    def backward(ctx, g):
        return g * 2, None

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
Pick.apply(a, b).sum().backward()
a.grad
b.grad
x = torch.tensor([5.0, 7.0, -9.0], requires_grad=True)
d = torch.tensor([2.0, -3.0, 4.0], requires_grad=True)
torch.remainder(x, d).sum().backward()
x.grad
d.grad
p = torch.tensor([0.2, 0.7, 0.4], requires_grad=True)
t = torch.tensor([0.0, 1.0, 0.5], requires_grad=True)
F.binary_cross_entropy(p, t).backward()
p.grad
t.grad
(F.binary_cross_entropy_with_logits(p, t, reduction='sum') * 2).backward()
t.grad
