# F.pad in its four modes (constant with negative pads, reflect, replicate, circular; 1, 2 and 3 padded dims), torch.constant_pad_nd, the padding layers (ZeroPad, ConstantPad, ReflectionPad, ReplicationPad, CircularPad): values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[0.5, -1.0, 2.0, -3.0, 0.25], [1.5, 0.3, -0.5, 3.0, -0.3], [0.1, 0.2, 0.3, 0.4, 0.5]]], requires_grad=True)
c = F.pad(x, (1, 2))
c
cn = F.pad(x, (-1, 2, 1, 0), value=1.5)
cn
cp = torch.constant_pad_nd(x, (0, 0, 0, 1, 1, 0), -2.0)
cp
r1 = F.pad(x, (2, 1), 'reflect')
r1
r2 = F.pad(x, (1, 2, 2, 0), mode='reflect')
r2
r3 = F.pad(x[None], (1, 1, 1, 1, 0, 0), 'reflect')
r3
p1 = F.pad(x, (-1, 3), 'replicate')
p1
p2 = F.pad(x, (1, 2, 1, 1), mode='replicate')
p2
p3 = F.pad(x[None], (1, 1, 1, 1, 1, 0), 'replicate')
p3
w1 = F.pad(x, (1, 2), 'circular')
w1
w2 = F.pad(x, (-1, 1, 1, 2), 'circular')
w2
layers = nn.Sequential(nn.ZeroPad2d((1, 0, 0, 1)), nn.ConstantPad1d(1, 0.5), nn.ReflectionPad1d((2, 0)), nn.ReplicationPad2d(1), nn.CircularPad1d((0, 2)))
layers
y = layers(x)
y
z = nn.ZeroPad1d(1)(x) + 0
z3 = nn.ReflectionPad3d(1)(x[None]) * 1
loss = sum((o * o).sum() * (i + 1) for i, o in enumerate([c, cn, cp, r1, r2, r3, p1, p2, p3, w1, w2, y, z, z3]))
loss.backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: F.pad(x, (1,)))
err(lambda: F.pad(x, (1, 1), 'wrap'))
err(lambda: F.pad(x, (1, 1, 1, 1, 1, 1, 1, 1)))
err(lambda: F.pad(x, (1, 1), 'reflect', value=2.0))
err(lambda: F.pad(x, (5, 1), 'reflect'))
err(lambda: F.pad(x, (0, 0, 1, 3), 'reflect'))
err(lambda: F.pad(x, (-3, -2), 'replicate'))
err(lambda: F.pad(x, (6, 1), 'circular'))
err(lambda: F.pad(x, (-6, 0)))
err(lambda: F.pad(x[0, 0], (1, 1), 'replicate'))
err(lambda: F.pad(x, (1, 1, 1, 1, 1, 1), 'reflect'))
err(lambda: F.pad(x, [1.5, 1]))
err(lambda: torch.constant_pad_nd(x, (1,)))
err(lambda: nn.CircularPad2d(1)(x[0, 0]))
err(lambda: nn.ConstantPad1d(2))
F.pad(torch.tensor([[1, 2, 3]]), (1, 1), 'reflect')
F.pad(torch.tensor([[True, False]]), (1, 0), value=1.0)
