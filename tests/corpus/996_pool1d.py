# F.avg_pool1d, F.adaptive_avg_pool1d, F.adaptive_max_pool1d (return_indices), F.max_pool1d and nn.AvgPool1d, AdaptiveAvgPool1d, AdaptiveMaxPool1d, MaxPool1d: values, gradients, grad_fns (Squeeze over the 2-D pools), reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[0.5, -1.0, 2.0, 1.5, 0.3], [-0.5, 1.2, -0.8, 0.1, 0.9]]], requires_grad=True)
a = F.avg_pool1d(x, 2)
a
b = F.avg_pool1d(x, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
b
c = torch.avg_pool1d(x[0], 2, 1)
c
d = F.adaptive_avg_pool1d(x, 3)
d
e, i = F.adaptive_max_pool1d(x, 3, return_indices=True)
e
i
f = F.adaptive_max_pool1d(x[0], 2)
f
g = F.max_pool1d(x, 2, stride=1, return_indices=True)[0]
ma = nn.AvgPool1d(3, 2, 1)
ma
mb = nn.AdaptiveAvgPool1d(2)
mb
mc = nn.AdaptiveMaxPool1d(4)
mc
md = nn.MaxPool1d(2, padding=1)
md
h = ma(x) * mb(x).sum() + mc(x).sum() + md(x).mean()
((a * a).sum() + b.exp().sum() + c.sum() + (d ** 3).sum() + (e * e).sum() + f.sin().sum() + g.sum()
 + h.sum()).backward()
x.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.avg_pool1d(x.unsqueeze(0), 2))
err(lambda: F.avg_pool1d(x, 2, padding=2))
err(lambda: F.avg_pool1d(x, 7))
err(lambda: F.avg_pool1d(x, (2, 2)))
err(lambda: F.avg_pool1d(x, 2, stride=0))
err(lambda: F.adaptive_max_pool1d(x.unsqueeze(0), 2))
err(lambda: F.adaptive_max_pool1d(x, (2, 2)))
err(lambda: F.adaptive_avg_pool1d(x[0, 0], 2))
