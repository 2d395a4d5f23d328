import torch
from torch.autograd.functional import vjp
torch.manual_seed(0)
def adder(x, y):
    return 2 * x + 3 * y
inputs = (torch.rand(2), torch.rand(2))
v = torch.ones(2)
vjp(adder, inputs, v)
