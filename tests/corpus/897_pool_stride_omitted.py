import torch
# pooling with stride=() / [] (omitted: the kernel size) or a 1-tuple
import torch.nn.functional as F
x = torch.arange(32.0).reshape(2, 4, 4).requires_grad_()
o = F.avg_pool2d(x, (2, 2), (), (0,), False, True, -2)
o
o1 = F.avg_pool2d(x, 2, [], 1)
o1
o2 = F.max_pool2d(x, (2, 3), ())
o2
o3 = F.avg_pool2d(x, (3, 2), (1,))
o3
(o.sum() + o1.sum() + o2.sum() + (o3 * o3).sum()).backward()
x.grad
