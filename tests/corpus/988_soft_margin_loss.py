# F.soft_margin_loss (SoftMarginLossBackward0: log(1 + exp(-y * x)), a broadcast target and the three reductions) and nn.SoftMarginLoss: values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.3, -0.5]], requires_grad=True)
t = torch.tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, -1.0]])
a = F.soft_margin_loss(x, t)
a
b = F.soft_margin_loss(x, t[:1], reduction='none')
b
c = F.soft_margin_loss(x, t, reduction='sum')
c
d = F.soft_margin_loss(x * 0.5, t, reduction='sum')
d
m = nn.SoftMarginLoss(reduction='none')
m
e = m(x * 2, t)
e
(a + (b * b).sum() + c + d + (e * t).sum()).backward()
x.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.soft_margin_loss(x, t[:, :2]))
err(lambda: F.soft_margin_loss(x, t.requires_grad_()))
err(lambda: F.soft_margin_loss(x, t, reduction='avg'))
err(lambda: F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([1, -1])))
