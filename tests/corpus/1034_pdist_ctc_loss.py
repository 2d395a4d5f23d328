# torch.pdist / F.pdist (PdistBackward0: the p-norm distance of each pair of rows, p 0, < 1, 1, 2, 3 and inf) and F.ctc_loss / nn.CTCLoss: values, gradients, grad_fns, errors
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
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.pdist(x[0]))
err(lambda: torch.pdist(torch.tensor([[1, 2], [3, 4]])))
err(lambda: F.pdist(x, -1.0))
