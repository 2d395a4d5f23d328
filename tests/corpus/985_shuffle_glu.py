# pixel_shuffle, pixel_unshuffle, channel_shuffle (torch.* and F.*), F.glu and their modules (PixelShuffle, PixelUnshuffle, ChannelShuffle, GLU): values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0, -3.0, 0.25, 1.5], [1.5, 0.3, -0.5, 3.0, -0.3, 0.7], [0.1, 0.2, 0.3, 0.4, 0.5, -0.6], [1.0, -2.0, 0.8, 0.9, -0.1, 0.05]], requires_grad=True)
ps = F.pixel_shuffle(x.reshape(1, 4, 2, 3), 2)
ps
pu = torch.pixel_unshuffle(x.reshape(2, 1, 2, 6), 2)
pu
cs = F.channel_shuffle(x.reshape(1, 4, 6), 2)
cs
cs3 = torch.channel_shuffle(x.reshape(2, 6, 2), 3)
cs3
g = F.glu(x)
g
g0 = F.glu(x, 0)
g0
mods = [nn.PixelShuffle(2), nn.PixelUnshuffle(2), nn.ChannelShuffle(2), nn.GLU(1)]
mods
y = mods[1](mods[0](x.reshape(1, 4, 2, 3)))
y
z = mods[3](mods[2](x.reshape(2, 4, 3)))
z
loss = (ps * ps).sum() + (pu * torch.arange(24.0).reshape(pu.shape)).sum() + (cs * cs).sum() + (cs3 * cs3).sum() + g.sum() + (g0 * g0).sum() + (y * y).sum() + z.sum()
loss.backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: F.pixel_shuffle(x, 2))
err(lambda: F.pixel_shuffle(x.reshape(6, 2, 2), 2))
err(lambda: F.pixel_shuffle(x.reshape(4, 2, 3), 0))
err(lambda: F.pixel_unshuffle(x.reshape(1, 4, 6), 4))
err(lambda: F.pixel_unshuffle(x.reshape(1, 6, 4), 4))
err(lambda: F.channel_shuffle(x, 2))
err(lambda: F.channel_shuffle(x.reshape(1, 4, 6), 3))
err(lambda: F.channel_shuffle(x.reshape(1, 4, 6), 0))
err(lambda: F.glu(x[0, 0]))
err(lambda: F.glu(x[:3], 0))
err(lambda: F.glu(torch.tensor([1, 2])))
err(lambda: nn.PixelShuffle())
F.pixel_shuffle(torch.arange(8).reshape(2, 4, 1, 1), 2)
