# F.interpolate (nearest, nearest-exact, linear, bilinear, bicubic, trilinear, area; size, scale_factor, align_corners, recompute_scale_factor), F.upsample_nearest/upsample_bilinear and nn.Upsample, UpsamplingNearest2d, UpsamplingBilinear2d: values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[[0.5, -1.0, 2.0], [1.5, 0.3, -0.5]]]], requires_grad=True)
a = F.interpolate(x, scale_factor=2)
a
b = F.interpolate(x, size=(3, 5), mode='bilinear')
b
c = F.interpolate(x, size=(4, 4), mode='bilinear', align_corners=True)
c
d = F.interpolate(x, scale_factor=1.7, mode='bicubic')
d
e = F.interpolate(x, scale_factor=(1.5, 0.7), mode='nearest-exact', recompute_scale_factor=True)
e
f = F.interpolate(x[0], size=7, mode='linear')
f
g = F.interpolate(x.unsqueeze(2), scale_factor=(2, 1, 1.5), mode='trilinear')
g
h = F.interpolate(x, size=(1, 2), mode='area')
h
u = F.upsample_nearest(x, size=(3, 4))
v = F.upsample_bilinear(x, scale_factor=2)
m = nn.Upsample(scale_factor=1.5, mode='bicubic', align_corners=True)
m
n = nn.UpsamplingNearest2d(size=(3, 3))
n
o = nn.UpsamplingBilinear2d(scale_factor=(2, 1.5))
o
w = m(x) * 2 + n(x).sum() + o(x).mean()
loss = (a.sum() + (b * b).sum() + (c * c).sum() + d.sin().sum() + (e ** 3).sum() + f.exp().sum()
        + (g * g).sum() + h.sum() + (u * v[..., :4]).sum() + w.sum())
loss.backward()
x.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.interpolate(x, size=(2,)))
err(lambda: F.interpolate(x, size=3, scale_factor=2))
err(lambda: F.interpolate(x))
err(lambda: F.interpolate(x, size=0))
err(lambda: F.interpolate(x, size=3, align_corners=True))
err(lambda: F.interpolate(x, size=3, mode='linear'))
err(lambda: F.interpolate(x[0], size=3, mode='bilinear'))
err(lambda: F.interpolate(x, size=3, mode='bilinear', recompute_scale_factor=True))
err(lambda: F.interpolate(x, scale_factor=(2, 2, 2)))
err(lambda: F.interpolate(x[0, 0], size=3))
err(lambda: F.interpolate(x, size=3, mode='cubic'))
