import torch
# the backward of a broadcast between empty tensors: (0, 1, 3) against (0, 10, 3)
a = torch.zeros(0, 1, 3, requires_grad=True)
b = torch.ones(0, 10, 3, requires_grad=True)
outs = [a + b, a - b, a * b, a.pow(b), torch.atan2(a, b), torch.clamp_max(a, b),
        torch.clamp_min(b, a), a / b, torch.div(a, b, rounding_mode="floor"),
        torch.div(a, b, rounding_mode="trunc"), torch.true_divide(b, a), torch.maximum(a, b),
        torch.minimum(b, a), torch.max(a, b), torch.min(a, b)]
[o.shape for o in outs]
[o.grad_fn for o in outs]
sum(o.sum() for o in outs).backward()
a.grad
b.grad
c = torch.ones(4, 0, 1, requires_grad=True)
d = torch.ones(1, 5, requires_grad=True)
e = c * d
e.shape
e.sum().backward()
c.grad
d.grad
