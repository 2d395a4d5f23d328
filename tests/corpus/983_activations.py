# torch.nn's activations with kernels of their own (hardtanh, relu6, hardsigmoid, hardshrink, softshrink, logsigmoid, mish, celu, selu, in place too) and the compositions (softsign, tanhshrink, softmin), F's and modules': values at the kinks, gradients, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[0.5, -1.0, 2.0, -3.0, 0.0], [1.5, 0.3, -0.5, 3.0, -0.3]], requires_grad=True)
h = F.hardtanh(x)
h
r6 = F.relu6(x * 3)
r6
hs = F.hardsigmoid(x)
hs
hk = torch.hardshrink(x, 0.3) + x.hardshrink() + F.hardshrink(x, lambd=1.0)
hk
sk = F.softshrink(x, 0.5) + F.softshrink(x, 0.3)
sk
ls = F.logsigmoid(x)
ls
mi = F.mish(x)
mi
ce = F.celu(x, 0.7) + torch.celu(x)
ce
se = F.selu(x) + torch.selu(x * 2)
se
ss = F.softsign(x)
ss
ts = F.tanhshrink(x)
ts
sm = F.softmin(x, 1) + F.softmin(x, dim=0, dtype=torch.float64).float()
sm
inplace = F.hardtanh(x * 1, -0.5, 0.5, inplace=True) + F.celu(x * 1, 0.5, inplace=True) + F.selu(x * 1, inplace=True) + F.mish(x * 1, inplace=True) + F.hardsigmoid(x * 1, inplace=True)
inplace
mods = [nn.Hardtanh(-2.0, 2.0), nn.ReLU6(inplace=True), nn.Hardsigmoid(), nn.Hardshrink(0.3), nn.Softshrink(), nn.LogSigmoid(), nn.Mish(), nn.CELU(0.5), nn.SELU(), nn.Softsign(), nn.Tanhshrink(), nn.Softmin(dim=1), nn.Threshold(0.1, 20.0)]
mods
outs = [m(x * 1) for m in mods]
loss = h.sum() + (r6 * r6).sum() + hs.sum() + hk.sum() + (sk * x).sum() + ls.sum() + mi.sum() + ce.sum() + se.sum() + ss.sum() + ts.sum() + (sm * x).sum() + inplace.sum() + sum((o * (i + 1)).sum() for i, o in enumerate(outs))
loss.backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: F.hardtanh(x, 1.0, -1.0))
err(lambda: F.softshrink(x, -1.0))
err(lambda: F.mish(torch.tensor([1, 2])))
err(lambda: torch.hardshrink(torch.tensor([1, 2])))
err(lambda: F.logsigmoid(torch.tensor([1, 2])))
err(lambda: F.celu(x, 0.0))
err(lambda: F.selu(torch.tensor([1, 2]), inplace=True))
err(lambda: nn.Threshold(0.1))
err(lambda: F.hardshrink(x, 'a'))
F.hardtanh(torch.tensor([-3, 0, 4]))
