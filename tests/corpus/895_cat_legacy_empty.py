import torch
# cat skips 1-D tensors of no elements (legacy empties): dim, shapes, dtype and grads as torch
a = torch.zeros(0, requires_grad=True)
b = torch.arange(6.0).reshape(2, 3).requires_grad_()
c = torch.zeros(0, dtype=torch.float64)
o = torch.cat([a, b, a], 1)
o
torch.cat([a, b, c], -1)
torch.cat([a, a], 0)
torch.cat([a, a], 1)
o2 = torch.cat((b, a, b * 2), dim=0)
o2
(o.sum() + (o2 * o2).sum()).backward()
[a.grad, b.grad]
torch.cat([torch.zeros(0, 2), b], 1)
