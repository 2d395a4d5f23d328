# F.conv3d, F.conv_transpose3d and nn.Conv3d, ConvTranspose3d, LazyConv1d/2d/3d, LazyConvTranspose1d/2d/3d: values, gradients, grad_fns, reprs (a lazy module's before and after its first forward), errors
import torch
import torch.nn as nn
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, 3, requires_grad=True)
w = torch.randn(4, 1, 2, 2, 1, requires_grad=True)
b = torch.tensor([0.5, -0.25, 1.0, 0.0], requires_grad=True)
y = F.conv3d(x, w, b, stride=(1, 2, 1), padding=(1, 0, 0), groups=2)
y.shape
y.grad_fn
wt = torch.randn(2, 3, 2, 1, 2, requires_grad=True)
z = F.conv_transpose3d(x, wt, stride=2, padding=(0, 1, 0), output_padding=1)
z.shape
u = F.conv3d(x[0], w[:2, :1].repeat(1, 2, 1, 1, 1))
u.grad_fn
c3 = nn.Conv3d(2, 3, (1, 2, 2), padding=1, bias=False)
c3
t3 = nn.ConvTranspose3d(2, 2, 2, stride=(1, 2, 1), dilation=2)
t3
lazy = nn.LazyConv2d(3, 2, padding=1)
lazy
repr(lazy.weight)
lazy.in_channels
q = lazy(x[:, :, 0])
lazy
lazy.weight.shape
lt = nn.LazyConvTranspose1d(4, 3, stride=2, groups=2)
r = lt(torch.randn(2, 6))
lt
l3 = nn.LazyConv3d(2, 2, bias=False)
s = l3(x)
l3
(y.sum() + (z * z).sum() + u.sum() + c3(x).sum() + t3(x).mean() + q.sum() + r.sum()
 + s.sum()).backward()
x.grad
w.grad
b.grad
wt.grad.sum()
lazy.weight.grad.sum()
l3.weight.grad.sum()
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.conv3d(x, torch.randn(4, 3, 1, 1, 1)))
err(lambda: F.conv_transpose3d(x, wt, output_padding=(2, 0, 0)))
err(lambda: nn.LazyConv1d(4, 3, groups=2)(torch.randn(3, 5)))
err(lambda: nn.LazyConv2d(2, 2)(torch.randn(5)))
