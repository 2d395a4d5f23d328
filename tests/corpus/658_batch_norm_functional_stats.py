import torch
import torch.nn as nn
import torch.nn.functional as F
# F.batch_norm by hand: batch statistics in training, the running ones in eval,
# momentum=None (a cumulative average) and 3-D (N, C, L) inputs
torch.manual_seed(0)
x = torch.randn(6, 3, requires_grad=True)
running_mean = torch.zeros(3)
running_var = torch.ones(3)
y = F.batch_norm(x, running_mean, running_var, training=True, momentum=0.5)
print(y)
print(running_mean, running_var)
manual = (x - x.mean(0)) / torch.sqrt(x.var(0, unbiased=False) + 1e-5)
print(torch.allclose(y, manual, atol=1e-6))
(y * torch.arange(18.).view(6, 3)).sum().backward()
print(x.grad)
x.grad = None
z = F.batch_norm(x, running_mean, running_var, training=False)
print(z)
(z * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad)
bn = nn.BatchNorm1d(3, momentum=None)
for i in range(3):
    bn(torch.randn(4, 3) * (i + 1))
    print(bn.num_batches_tracked, bn.running_mean, bn.running_var)
seq = nn.BatchNorm1d(2)
s = torch.randn(2, 2, 5, requires_grad=True)
out = seq(s)
print(out.shape, out.grad_fn.name())
out[:, 0].sum().backward()
print(s.grad.abs().max() < 1e-6)
print(seq.running_mean)
free = nn.BatchNorm1d(3, affine=False, track_running_stats=False)
print(free, free.running_mean, free.weight)
free.eval()
print(free(torch.tensor([[1., 2., 3.], [3., 2., 1.]])))
print(list(free.state_dict().keys()))
