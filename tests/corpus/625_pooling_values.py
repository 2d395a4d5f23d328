import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[[[1., 2., 3., 4.],
                    [5., 6., 7., 8.],
                    [9., 10., 11., 12.],
                    [13., 14., 15., 16.]]]], requires_grad=True)
F.max_pool2d(x, 2)
F.avg_pool2d(x, 2)
F.max_pool2d(x, 3, stride=1)
F.max_pool2d(x, 2, stride=1, padding=1)
F.avg_pool2d(x, 2, stride=1, padding=1)
F.avg_pool2d(x, 2, stride=1, padding=1, count_include_pad=False)
F.avg_pool2d(x, 3, stride=2, ceil_mode=True)
F.max_pool2d(x, 3, stride=2, ceil_mode=True)
F.avg_pool2d(x, 2, divisor_override=3)

# overlapping windows send several gradients to one maximum
y = F.max_pool2d(x, 3, stride=1)
y.sum().backward()
x.grad
x.grad = None
# ties: the gradient goes to the first maximum of each window only
t = torch.ones(1, 1, 4, 4, requires_grad=True)
m = F.max_pool2d(t, 2)
m.sum().backward()
t.grad
values, indices = F.max_pool2d(x, 2, return_indices=True)
indices
pool = nn.MaxPool2d(2, return_indices=True)
pool(x)[1]
F.avg_pool2d(x * 2, (2, 4)).sum().backward()
x.grad

# 1-d pooling of a sequence, and the global average
s = torch.tensor([[[3., 1., 4., 1., 5., 9., 2., 6.]]], requires_grad=True)
p = F.max_pool1d(s, 2)
p
p.grad_fn
p.grad_fn.next_functions
(p * torch.tensor([1., 2., 3., 4.])).sum().backward()
s.grad
g = F.adaptive_avg_pool2d(x, 1)
g
nn.AdaptiveAvgPool2d((1, 1))(x).shape
