# F.hinge_embedding_loss and F.multilabel_soft_margin_loss (torch's compositions: where of a clamped margin, logsigmoids summed over the classes), nn.HingeEmbeddingLoss, nn.MultiLabelSoftMarginLoss: values, gradients, grad_fns, reprs, reductions, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.3, -0.5]], requires_grad=True)
t = torch.tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, -1.0]])
y = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
h = F.hinge_embedding_loss(x, t)
h
h2 = F.hinge_embedding_loss(x, t, margin=0.5, reduction='none')
h2
h3 = F.hinge_embedding_loss(x[0], t[1], reduction='sum')
h3
m = F.multilabel_soft_margin_loss(x, y)
m
m2 = F.multilabel_soft_margin_loss(x, y, weight=torch.tensor([1.0, 2.0, 0.5]), reduction='sum')
m2
m3 = F.multilabel_soft_margin_loss(x[1], y[0], reduction='none')
m3
mods = [nn.HingeEmbeddingLoss(0.7), nn.MultiLabelSoftMarginLoss(reduction='none'), nn.MultiLabelSoftMarginLoss(torch.tensor([0.5, 1.0, 1.5]))]
mods
o = mods[0](x, t) + mods[1](x, y).sum() + mods[2](x, y)
o
(h + (h2 * h2).sum() + h3 + m + m2 + m3 + o).backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: F.multilabel_soft_margin_loss(x, y, reduction='avg'))
err(lambda: F.hinge_embedding_loss(x, t, reduction='avg'))
