import torch
from torch.autograd.functional import vjp
torch.manual_seed(0)
def exp_reducer(x):
    return x.exp().sum(dim=1)
inputs = torch.rand(4, 4)
v = torch.ones(4)
out, vjp_val = vjp(exp_reducer, inputs, v)
print(out)
print(vjp_val)
out, vjp_val = vjp(exp_reducer, inputs, v, create_graph=True)
print(out.grad_fn.name(), vjp_val.grad_fn.name())
