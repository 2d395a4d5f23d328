import torch
from torch.autograd.functional import jacobian
torch.manual_seed(0)
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(2, 2)
J = jacobian(exp_reducer, inputs, create_graph=True)
print(J)
print(J.grad_fn.name(), J.requires_grad)
