import torch
from torch.autograd.functional import hessian
# docs: hessian of a function of two inputs
torch.manual_seed(0)
def pow_adder_reducer(x, y):
    return (2 * x.pow(2) + 3 * y.pow(2)).sum()
inputs = (torch.rand(2), torch.rand(2))
H = hessian(pow_adder_reducer, inputs)
for row in H:
    for block in row:
        print(block)
