# F.group_norm (NativeGroupNormBackward0), F.instance_norm (batch_norm over each sample's channels, running statistics updated), F.rms_norm (torch's composition), nn.GroupNorm, InstanceNorm1d/2d/3d, RMSNorm, BatchNorm3d: values, gradients, buffers, reprs, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[0.5, -1.0, 2.0], [-3.0, 0.25, 1.5]], [[1.5, 0.3, -0.5], [3.0, -0.3, 0.7]]], requires_grad=True)
w = torch.tensor([0.5, 1.5, -1.0, 2.0], requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3, -0.4], requires_grad=True)
g = F.group_norm(x.reshape(1, 4, 3), 2, w, b)
g
g1 = F.group_norm(x, 1, eps=1e-3)
g1
r = F.rms_norm(x, (3,), w[:3])
r
r2 = F.rms_norm(x, (2, 3), eps=1e-3)
r2
rm = torch.zeros(2)
rv = torch.ones(2)
i = F.instance_norm(x, rm, rv, w[:2], b[:2], momentum=0.2)
i
rm
rv
i2 = F.instance_norm(x, rm, rv, use_input_stats=False)
i2
gn = nn.GroupNorm(2, 4)
gn
rn = nn.RMSNorm([3])
rn
n1 = nn.InstanceNorm1d(2, affine=True, track_running_stats=True)
n1
n2 = nn.InstanceNorm2d(2)
n3 = nn.InstanceNorm3d(2)
bn3 = nn.BatchNorm3d(2)
bn3
outs = [gn(x.reshape(1, 4, 3)), rn(x), n1(x), n1(x[0]), n2(x.reshape(1, 2, 3, 1) * torch.tensor([1.0, 2.0])), n3(x.reshape(2, 1, 3, 1, 1)), bn3(x.reshape(1, 2, 3, 1, 1))]
outs
n1.running_mean
n1.num_batches_tracked
bn3.running_var
n1.eval()
n1(x)
loss = (g * torch.arange(12.0).reshape(1, 4, 3)).sum() + g1.sum() + (r * r).sum() + (r2 * x).sum() + (i * i).sum() + (i2 * i2).sum() + sum((o * o).sum() * (k + 1) for k, o in enumerate(outs))
loss.backward()
x.grad
w.grad
b.grad
gn.weight.grad
n1.weight.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: F.group_norm(x, 3))
err(lambda: F.group_norm(x, 2, torch.ones(3)))
err(lambda: F.group_norm(x[0, 0], 1))
err(lambda: F.group_norm(x[:1, :, :1], 2))
err(lambda: F.group_norm(torch.ones(2, 2, 2, dtype=torch.int64), 1))
err(lambda: F.rms_norm(x, (2,)))
err(lambda: F.rms_norm(x, (3,), torch.ones(2)))
err(lambda: F.instance_norm(x[:, :, :1]))
err(lambda: F.instance_norm(x, use_input_stats=False))
err(lambda: nn.GroupNorm(3, 4))
err(lambda: nn.InstanceNorm1d(3, affine=True)(x))
err(lambda: nn.InstanceNorm2d(2)(x))
err(lambda: nn.BatchNorm3d(2)(x))
nn.InstanceNorm1d(3)(x)
