import torch
# torch.ravel, torch.linalg.diagonal and torch.pairwise_distance: names the validator accepted but the run did not know
import torch.nn.functional as F
x = torch.arange(6.0).reshape(3, 2).requires_grad_()
r = torch.ravel(x)
r
r2 = torch.ravel(x.t())
r2
r2.grad_fn.next_functions
a = torch.arange(18.0).reshape(2, 3, 3).requires_grad_()
d = torch.linalg.diagonal(a)
d
d2 = torch.linalg.diagonal(a, offset=1, dim1=0, dim2=2)
d2
y = torch.tensor([[1.0, 0.5], [2.0, -1.0], [0.0, 3.0]], requires_grad=True)
p = torch.pairwise_distance(x, y)
p
p2 = F.pairwise_distance(x, y, p=1.0, keepdim=True)
p2
(r * r2).sum().backward()
(d.sum() + d2.square().sum() + p.sum() + p2.sum()).backward()
[x.grad, a.grad, y.grad]
