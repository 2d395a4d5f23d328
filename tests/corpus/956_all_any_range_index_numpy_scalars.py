# What rejected real snippets at run time (issue #33): x.all()/x.any() and torch.all/any, a
# range used as an index, numpy scalars given where torch takes a number
import numpy as np
import torch

x = torch.tensor([[1., 0.], [2., 3.]], requires_grad=True)
x.all(), x.any(), torch.all(x, dim=1), x.any(1, keepdim=True), torch.all(x, dim=(0, 1))
torch.tensor([1, 2], dtype=torch.uint8).all(), torch.tensor([]).all(), torch.tensor([]).any()
(x > 0).all(), (x > 0).any(dim=0), torch.any(x < 0), x.all(dim=-1).grad_fn
if (x >= 0).all():
    print("nonnegative")
assert not torch.isnan(x).any()
v = torch.arange(6.).requires_grad_()
w = v[range(2, 6, 2)]
w
w.sum().backward()
v.grad
v[range(0)], v.detach()[range(5, 0, -2)]
y = v.detach().clone()
y[range(3)] = -1.
y
mean = np.float64(2.5)
v.eq(np.float64(1.)), v.detach().eq(np.int64(2)), v.ne(mean)
v.add(np.float64(1.)), v.mul(np.float32(2.)), torch.full((2,), np.float64(1.5))
v.clamp(min=np.float64(1.0)), v.pow(np.int64(2)), v.view(np.int64(3), 2).shape
torch.zeros(np.int64(2), 3).shape
