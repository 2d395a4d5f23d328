# F.max_pool3d, F.avg_pool3d, F.adaptive_avg_pool3d, F.adaptive_max_pool2d/3d and their nn layers: values, gradients, grad_fns, indices, reprs, errors (pool3d_shape_check's words)
import torch
import torch.nn as nn
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, 5, requires_grad=True)
a, ai = F.max_pool3d(x, 2, stride=(1, 2, 2), padding=(1, 0, 1), return_indices=True)
a.grad_fn
ai
b = F.max_pool3d(x, (2, 2, 3), dilation=(1, 2, 1), ceil_mode=True)
b
c = F.avg_pool3d(x, (2, 3, 2), stride=2, padding=1, count_include_pad=False)
c.grad_fn
c
d = F.avg_pool3d(x, 2, ceil_mode=True, divisor_override=3)
e = F.adaptive_avg_pool3d(x, (2, None, 3))
e.grad_fn
f = F.adaptive_avg_pool3d(x, 1)
f.grad_fn
g, gi = F.adaptive_max_pool3d(x, (2, 3, 2), return_indices=True)
g.grad_fn
gi
h = F.adaptive_max_pool2d(x[0, :, 0], (3, 2))
h.grad_fn
mp = nn.MaxPool3d(2, padding=1)
mp
ap = nn.AvgPool3d((1, 2, 2), stride=1)
ap
aa = nn.AdaptiveAvgPool3d((1, 2, 2))
aa
am = nn.AdaptiveMaxPool2d(2, return_indices=True)
am
am3 = nn.AdaptiveMaxPool3d(2)
am3
k = mp(x).sum() + ap(x).mean() + aa(x).sum() + am(x[0, 0])[0].sum() + am3(x).sum()
(a.sum() + (b * b).sum() + c.exp().sum() + d.sum() + (e ** 2).sum() + f.sum() + g.sum()
 + h.sum() + k).backward()
x.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.max_pool3d(x, 4))
err(lambda: F.avg_pool3d(x, 4))
err(lambda: F.max_pool3d(x, (2, 2)))
err(lambda: F.avg_pool3d(x, 2, padding=(1, 1)))
err(lambda: F.max_pool3d(x, 3, padding=2, dilation=2))
err(lambda: F.adaptive_max_pool3d(x, -1))
err(lambda: F.adaptive_avg_pool3d(x.long(), 2))
