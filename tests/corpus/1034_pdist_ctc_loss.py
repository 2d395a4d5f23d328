# torch.pdist / F.pdist (PdistBackward0: the p-norm distance of each pair of rows, p 0, < 1, 1, 2, 3 and inf) and F.ctc_loss / nn.CTCLoss: values, gradients, grad_fns, errors, and torch's refusal of their second derivatives
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.0, 1.0, 2.0], [0.5, 1.0, 2.0], [1.0, -1.0, 0.5], [2.0, 2.0, -1.0]], requires_grad=True)
a = torch.pdist(x)
a
a.grad_fn
b = F.pdist(x, p=0.5)
b
c = F.pdist(x, 1)
c
d = F.pdist(x, p=3)
d
e = torch.pdist(x[:, :2], p=float('inf'))
e
f = F.pdist(x, 0)
f
(a.sum() + (b * b).sum() + c.sum() + (d * torch.arange(6.0)).sum() + e.sum() + f.sum()).backward()
x.grad
_ = torch.manual_seed(0)
z = torch.randn(6, 2, 4, requires_grad=True)
lp = z.log_softmax(2)
tg = torch.tensor([[1, 2, 2], [3, 1, 0]])
g = F.ctc_loss(lp, tg, [6, 5], [3, 2])
g
g.grad_fn
h = F.ctc_loss(lp, tg, torch.tensor([6, 4]), torch.tensor([3, 1]), reduction='none')
h
h.grad_fn
i = F.ctc_loss(lp, tg.flatten()[:4], (5, 6), (2, 2), blank=0, reduction='sum', zero_infinity=True)
i
j = F.ctc_loss(lp[:, 0], tg[0], [6], [3], reduction='none')
j
j.grad_fn
k = F.ctc_loss(lp, tg, [2, 6], [3, 2], reduction='none')
k
m = nn.CTCLoss(zero_infinity=True, reduction='sum')
m
n = m(lp, tg, [2, 6], [3, 2])
n
(g + h.sum() + i + j + n).backward()
z.grad
w = torch.randn(5, 3, 4).log_softmax(2).detach().requires_grad_()
o = nn.CTCLoss(blank=0)(w, torch.tensor([[1, 1], [2, 3], [1, 0]]), [5, 4, 3], [2, 2, 0])
o
o.backward()
w.grad
(dd,) = torch.autograd.grad(F.pdist(x).sum(), x, create_graph=True)
dd
dd.grad_fn
(cc,) = torch.autograd.grad(F.ctc_loss(z.log_softmax(2), tg, [6, 5], [3, 2]), z, create_graph=True)
cc.grad_fn.next_functions
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.pdist(x[0]))
err(lambda: torch.pdist(torch.tensor([[1, 2], [3, 4]])))
err(lambda: F.pdist(x, -1.0))
err(lambda: F.ctc_loss(lp, tg, [6, 5], [3, 2], blank=4))
err(lambda: F.ctc_loss(lp, tg, [6, 5, 1], [3, 2]))
err(lambda: F.ctc_loss(lp, tg, [7, 5], [3, 2]))
err(lambda: F.ctc_loss(lp, tg, [6, 5], [4, 2]))
err(lambda: F.ctc_loss(lp, tg.flatten(), [6, 5], [3, 2]))
err(lambda: F.ctc_loss(lp, tg, torch.tensor([6.0, 5.0]), [3, 2]))
err(lambda: F.ctc_loss(lp, tg, [6, 5], [3, 2], reduction='avg'))
err(lambda: dd.sum().backward())
err(lambda: cc.sum().backward())
