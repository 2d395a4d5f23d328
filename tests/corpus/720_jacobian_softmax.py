import torch
import torch.nn.functional as F
from torch.autograd.functional import jacobian
# the softmax Jacobian: diag(s) - s s^T
z = torch.tensor([1.0, 2.0, 0.5])
J = jacobian(lambda z: F.softmax(z, dim=0), z)
s = F.softmax(z, dim=0)
print(J)
print(torch.allclose(J, torch.eye(3) * s - torch.outer(s, s)))
J.sum(dim=1)
