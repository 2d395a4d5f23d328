import torch
from torch.autograd.functional import jacobian
# the torch.autograd.functional.jacobian docs example
torch.manual_seed(0)
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(2, 2)
jacobian(exp_reducer, inputs)
