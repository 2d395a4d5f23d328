import torch
from torch.autograd.functional import jacobian
torch.manual_seed(0)
def exp_adder(x, y):
    return 2 * x.exp() + 3 * y
inputs = (torch.rand(2), torch.rand(2))
jac = jacobian(exp_adder, inputs)
print(isinstance(jac, tuple), len(jac))
jac
