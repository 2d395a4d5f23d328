import torch
import torch.nn as nn
import torch.nn.functional as F

# K-dimensional cross entropy and nll_loss: the class dim is 1, the target (N, d1, ...)
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 5, requires_grad=True)
t = torch.randint(0, 3, (2, 5, 5))
for reduction in ("mean", "sum", "none"):
    loss = F.cross_entropy(x, t, reduction=reduction)
    print(reduction, loss.shape, loss.grad_fn.name(), loss.sum())
    x.grad = None
    loss.sum().backward()
    print(x.grad[1, :, 2])

w = torch.tensor([0.2, 1.0, 3.0])
t[0, 0, :3] = -100
for kwargs in ({"weight": w}, {"ignore_index": 1}, {"weight": w, "ignore_index": 2},
               {"label_smoothing": 0.2}, {"weight": w, "label_smoothing": 0.1},
               {"weight": w, "ignore_index": 0, "label_smoothing": 0.3, "reduction": "sum"}):
    x.grad = None
    ignored = t.masked_fill(t == -100, kwargs.get("ignore_index", -100))
    loss = F.cross_entropy(x, ignored, **kwargs)
    loss.sum().backward()
    print(kwargs, loss.sum(), x.grad[0, :, 0])

# nll_loss on log-probabilities of 3 and 5 dims: views around nll_loss2d
y = torch.randn(2, 3, 4, requires_grad=True)
ty = torch.tensor([[0, 2, 1, 1], [2, 2, 0, 1]])
for reduction in ("mean", "sum", "none"):
    loss = F.nll_loss(y.log_softmax(1), ty, reduction=reduction)
    print(reduction, loss.shape, loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name())
    y.grad = None
    (loss * torch.arange(1.0, loss.numel() + 1).view(loss.shape)).sum().backward()
    print(loss, y.grad)

z = torch.randn(2, 3, 2, 2, 2, requires_grad=True)
tz = torch.randint(0, 3, (2, 2, 2, 2))
loss = F.nll_loss(z, tz, weight=torch.tensor([1.0, 0.5, 2.0]))
loss.backward()
print(loss, z.grad[1, :, 1])
(g,) = torch.autograd.grad(F.nll_loss(z, tz) ** 2, z, create_graph=True)
print(g.grad_fn.name(), g.sum())
(g * z).sum().backward()
print(z.grad[0, :, 0])

# the nn modules
print(nn.NLLLoss()(x, t), nn.CrossEntropyLoss(reduction="sum")(x, t))
print(nn.CrossEntropyLoss(ignore_index=0)(y, ty), nn.NLLLoss(reduction="none")(y, ty))

# probabilities as the target
soft = torch.softmax(torch.randn(2, 3, 4), 1)
loss = F.cross_entropy(y, soft)
y.grad = None
loss.backward()
print(loss, loss.grad_fn.name(), y.grad)

for bad in (lambda: F.nll_loss(torch.randn(2, 3, 4), torch.zeros(2, 5, dtype=torch.long)),
            lambda: F.nll_loss(torch.randn(2, 3, 4, 4), torch.zeros(2, 4, 5, dtype=torch.long)),
            lambda: F.cross_entropy(torch.randn(2, 3, 4, 4), torch.zeros(2, 4, dtype=torch.long)),
            lambda: F.nll_loss(torch.randn(2, 3, 4, 4, 4), torch.zeros(2, 4, 4, dtype=torch.long)),
            lambda: F.nll_loss(torch.randn(2, 3), torch.zeros(2, 3, dtype=torch.long)),
            lambda: F.nll_loss(torch.randn(2, 3, 4), torch.zeros(3, 4, dtype=torch.long)),
            lambda: F.nll_loss(torch.randn(2, 3, 4), torch.zeros(2, 4)),
            lambda: F.nll_loss(torch.randn(2, 3, 4, 4), torch.zeros(2, 4, 4, dtype=torch.long),
                               weight=torch.ones(2)),
            lambda: F.nll_loss(torch.randn(2, 3), torch.zeros(2, dtype=torch.long),
                               weight=torch.ones(2)),
            lambda: F.nll_loss(torch.randn(2, 3, 4), torch.full((2, 4), 3)),
            lambda: F.cross_entropy(torch.randn(2, 3), torch.tensor([1, -1])),
            lambda: F.nll_loss(torch.tensor(1.0), torch.tensor(0))):
    try:
        print(bad())
    except (RuntimeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
