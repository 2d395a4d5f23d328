import torch
from torch.autograd.functional import hessian
torch.manual_seed(0)
def pow_reducer(x):
    return x.pow(3).sum()
inputs = torch.rand(2, 2)
hessian(pow_reducer, inputs)
