# F.multi_margin_loss (MultiMarginLossBackward0: p 1 or 2, a margin, class weights) and F.multilabel_margin_loss (MultilabelMarginLossBackward0: the labels before the first -1), every reduction, and nn.MultiMarginLoss / nn.MultiLabelMarginLoss: values, gradients, grad_fns, reprs, errors, and torch's refusal of their second derivatives
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0, 0.3], [1.5, 0.3, -0.5, 0.9], [0.1, 0.2, 0.3, -0.4]], requires_grad=True)
t = torch.tensor([2, 0, 3])
a = F.multi_margin_loss(x, t)
a
a.grad_fn
b = F.multi_margin_loss(x, t, p=2, margin=0.7, reduction='none')
b
c = F.multi_margin_loss(x, t, weight=torch.tensor([1.0, 2.0, 0.5, 3.0]), reduction='sum')
c
d = F.multi_margin_loss(x[0], torch.tensor(1))
d
labels = torch.tensor([[2, 1, -1, 0], [0, -1, 1, 1], [3, 2, 1, 0]])
e = F.multilabel_margin_loss(x, labels)
e
e.grad_fn
f = F.multilabel_margin_loss(x * 2, labels, reduction='none')
f
g = F.multilabel_margin_loss(x[1], torch.tensor([1, 3, -1, 2]), reduction='sum')
g
m = nn.MultiMarginLoss(p=2, margin=0.5)
m
h = m(x, t)
h
ml = nn.MultiLabelMarginLoss(reduction='none')
ml
k = ml(x, labels)
k
(a + (b * b).sum() + c + d + e + (f * f).sum() + g + h + k.sum()).backward()
x.grad
(gg,) = torch.autograd.grad(F.multi_margin_loss(x, t, p=2), x, create_graph=True)
gg
gg.grad_fn
(hh,) = torch.autograd.grad(F.multilabel_margin_loss(x, labels), x, create_graph=True)
hh.grad_fn
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.multi_margin_loss(x, torch.tensor([1, 4, 0])))
err(lambda: F.multi_margin_loss(x, t, p=3))
err(lambda: F.multi_margin_loss(x, t[:2]))
err(lambda: F.multi_margin_loss(x, t, weight=torch.ones(3)))
err(lambda: F.multi_margin_loss(x, t.int()))
err(lambda: F.multilabel_margin_loss(x, labels[:2]))
err(lambda: F.multilabel_margin_loss(x, labels - 2))
err(lambda: gg.sum().backward())
err(lambda: hh.sum().backward())
