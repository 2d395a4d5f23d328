# F.max_unpool1d/2d/3d, F.fractional_max_pool2d/3d (the windows drawn by torch.rand under the seed), F.lp_pool1d/2d/3d, F.local_response_norm and their nn layers: values, gradients, grad_fns, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(1, 2, 4, 6, requires_grad=True)
v, i = F.max_pool2d(x, 2, return_indices=True)
u = F.max_unpool2d(v, i, 2)
u
u.grad_fn
u2 = F.max_unpool2d(v, i, 2, output_size=(1, 2, 5, 7))
u2.shape
v1, i1 = F.max_pool1d(x[0, :, 0], 2, return_indices=True)
u1 = F.max_unpool1d(v1, i1, 2)
u1
u1.grad_fn
x3 = torch.randn(1, 1, 2, 4, 4, requires_grad=True)
v3, i3 = F.max_pool3d(x3, 2, return_indices=True)
u3 = F.max_unpool3d(v3, i3, 2)
u3.grad_fn
fp, fi = F.fractional_max_pool2d(x, 2, output_size=(3, 4), return_indices=True)
fp
fi
fp.grad_fn
fq = F.fractional_max_pool2d(x, (2, 3), output_ratio=(0.5, 0.5))
fq
f3 = F.fractional_max_pool3d(x3, (1, 2, 2), output_size=(1, 2, 2))
f3.grad_fn
fm = nn.FractionalMaxPool2d(3, output_size=2)
fm
lp = F.lp_pool2d(x, 2, 2)
lp.grad_fn
lp1 = F.lp_pool1d(x[0], 3, 2, stride=1)
lp3 = F.lp_pool3d(x3, float('inf'), 2)
lpm = nn.LPPool2d(1.5, (2, 3), stride=1)
lpm
lrn = F.local_response_norm(x, 3)
lrn.grad_fn
lrn3 = F.local_response_norm(x[0], 2, alpha=0.1, beta=0.5, k=2.0)
ln = nn.LocalResponseNorm(3)
ln
((u * u).sum() + u1.sum() + u3.sum() + fp.sum() + (fq * fq).sum() + f3.sum() + fm(x).sum()
 + lp.sum() + lp1.sum() + lp3.sum() + lpm(x.abs() + 0.1).sum() + lrn.sum() + lrn3.sum()
 + ln(x).sum()).backward()
x.grad
x3.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.max_unpool2d(v, i * 10, 2))
err(lambda: F.max_unpool2d(v, i.int(), 2))
err(lambda: F.max_unpool2d(v, i, 2, output_size=(9, 9)))
err(lambda: F.fractional_max_pool2d(x, 5, output_size=3))
err(lambda: F.fractional_max_pool2d(x, 2))
err(lambda: F.local_response_norm(x[0, 0], 2))
err(lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5))
