import torch
import torch.nn as nn
import torch.nn.functional as F

# the binary cross entropies differentiate their target too (torch: -logit(p) for BCE, -x
# with logits, log_sigmoid(-x) - pos_weight * log_sigmoid(x) with a pos_weight)
p = torch.tensor([[0.2, 0.7, 0.9], [0.45, 0.05, 0.6]], requires_grad=True)
y = torch.tensor([[0.3, 0.6, 1.0], [0.0, 0.5, 0.25]], requires_grad=True)
w = torch.tensor([1.0, 2.0, 0.5])
for kwargs in ({}, {"reduction": "sum"}, {"weight": w}, {"weight": w, "reduction": "none"}):
    p.grad = y.grad = None
    loss = F.binary_cross_entropy(p, y, **kwargs)
    loss.sum().backward()
    print(kwargs, loss, loss.grad_fn.name(), p.grad, y.grad)

x = torch.tensor([[0.5, -1.0, 2.0], [-3.0, 0.25, 4.5]], requires_grad=True)
pw = torch.tensor([1.5, 2.0, 0.5])
for kwargs in ({}, {"reduction": "sum"}, {"weight": w}, {"pos_weight": pw},
               {"weight": w, "pos_weight": pw, "reduction": "none"},
               {"pos_weight": torch.tensor(3.0), "reduction": "sum"}):
    x.grad = y.grad = None
    loss = F.binary_cross_entropy_with_logits(x, y, **kwargs)
    loss.sum().backward()
    print(kwargs, loss, loss.grad_fn.name(), x.grad, y.grad)

# only the target requires grad; the nn modules
q = p.detach()
y.grad = None
nn.BCELoss()(q, y).backward()
print(y.grad)
y.grad = None
nn.BCEWithLogitsLoss(pos_weight=pw)(x.detach(), y).backward()
print(y.grad)

# second order through the target's gradient
(gy,) = torch.autograd.grad(F.binary_cross_entropy_with_logits(x, y, pos_weight=pw), y,
                            create_graph=True)
print(gy, gy.grad_fn.name())
(gy ** 2).sum().backward()
print(x.grad)
(gp,) = torch.autograd.grad(F.binary_cross_entropy(p, y), y, create_graph=True)
(gp * torch.arange(6.0).view(2, 3)).sum().backward()
print(p.grad)

for bad in (lambda: F.binary_cross_entropy(p, y, weight=w.clone().requires_grad_()),
            lambda: F.binary_cross_entropy_with_logits(x, y, pos_weight=pw.requires_grad_())):
    try:
        print(bad())
    except RuntimeError as e:
        print(type(e).__name__, e)
