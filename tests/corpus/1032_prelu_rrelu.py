# F.prelu / torch.prelu (PreluKernelBackward0: a weight per channel, reshaped to broadcast), F.rrelu / torch.rrelu (RreluWithNoiseBackward0: a slope drawn per negative element in training, with torch's draws; the mean slope in evaluation), their modules and nn.Softmax2d: values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(2, 3, 4, requires_grad=True)
w = torch.tensor([0.25, -0.5, 2.0], requires_grad=True)
a = F.prelu(x, w)
a
a.grad_fn
b = torch.prelu(x[0, 0], torch.tensor([0.1], requires_grad=True))
b
c = F.rrelu(x, training=True)
c
c.grad_fn
d = F.rrelu(x)
d
e = torch.rrelu(x * 2, 0.0, 1.0, True)
e
gen = torch.Generator().manual_seed(3)
torch.rrelu(x[0], 0.1, 0.5, True, gen)
torch.rrelu(x[0], 0.1, 0.5, True, generator=gen)
m = nn.PReLU(3, init=0.1)
m
m.weight
f = m(x)
r = nn.RReLU(0.1, 0.3)
r
g = r(x)
g
r.eval()
h = r(x)
h
s = nn.Softmax2d()
s
k = s(x)
k
k.grad_fn
y = x * 1
F.rrelu(y, training=True, inplace=True)
y.grad_fn
(a.sum() + (b * b).sum() + (c * c).sum() + d.sum() + e.sum() + f.sum() + g.sum() + (h * x).sum() + (k * x).sum() + (y * y).sum()).backward()
x.grad
w.grad
m.weight.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.prelu(x, torch.ones(2)))
err(lambda: F.prelu(x, torch.ones(3, 1)))
err(lambda: F.prelu(x, torch.ones(3, dtype=torch.float64)))
err(lambda: F.rrelu(x, 0.5, 0.2))
err(lambda: s(torch.randn(3, 4)))
