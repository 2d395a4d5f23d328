# F.dropout1d/2d/3d (one keep per channel), F.alpha_dropout and F.feature_alpha_dropout (dropped values sent to SELU's saturation, then rescaled) with torch's draws; their nn modules: values, gradients, grad_fns, reprs, warnings, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(2, 3, 2, 2, requires_grad=True)
a = F.dropout2d(x, 0.4)
a
b = F.dropout3d(x, 0.5)
b
b.grad_fn
c = F.alpha_dropout(x, 0.3, training=True)
c
c.grad_fn
d = F.feature_alpha_dropout(x, 0.6, training=True)
d
e = F.dropout2d(x[0], 0.5)
e
f = F.alpha_dropout(x.transpose(0, 3), 0.5, True)
f
l = F.dropout1d(x[0], 0.5)
l
l.grad_fn
o = nn.Dropout1d(0.3)(x[:, :, 0])
o
g = F.dropout2d(x, 1.0)
g
F.alpha_dropout(x) is x
F.feature_alpha_dropout(x, 0.5, False) is x
m = nn.Dropout2d(0.25)
m
h = m(x)
h
m3 = nn.Dropout3d()
m3
k = m3(torch.randn(2, 3, 1, 2, 2))
k
ma = nn.AlphaDropout(0.2)
ma
i = ma(x)
i
mf = nn.FeatureAlphaDropout(0.5, inplace=False)
mf
j = mf(x)
j
mf.eval()
mf(x) is x
((a * x).sum() + (b * b).sum() + c.sum() + (d * x).sum() + (e * e).sum() + (f * 2).sum() + g.sum() + h.sum() + (i * i).sum() + j.sum() + l.sum() + (o * 3).sum()).backward()
x.grad
y = torch.randn(3, 4)
F.dropout2d(y, 0.5, inplace=True)
y
F.alpha_dropout(y, 0.5, True, True)
y
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.dropout2d(x, 1.5))
err(lambda: F.feature_alpha_dropout(torch.randn(3), 0.5, True))
err(lambda: F.alpha_dropout(x, 0.5, 'yes'))
err(lambda: nn.AlphaDropout(-0.1))
err(lambda: F.dropout3d([1.0]))
err(lambda: F.dropout1d(x))
