import torch
from torch.autograd.functional import jacobian
# the input requires grad: the Jacobian is detached unless create_graph=True
x = torch.tensor([0.5, 1.5], requires_grad=True)
f = lambda x: x ** 3
J = jacobian(f, x)
print(J, J.requires_grad)
J = jacobian(f, x, create_graph=True)
print(J)
(J[0, 0] + J[1, 1]).backward()
x.grad
