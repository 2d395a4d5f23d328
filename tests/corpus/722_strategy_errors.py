import torch
from torch.autograd.functional import jacobian, hessian
x = torch.tensor([1.0, 2.0])
f = lambda x: x.exp()
try:
    jacobian(f, x, strategy="forward")
except AssertionError as e:
    print(e)
try:
    jacobian(f, x, strategy="forward-mode", create_graph=True)
except RuntimeError as e:  # NotImplementedError is a RuntimeError
    print(e)
try:
    jacobian(f, x, strategy="forward-mode", strict=True)
except RuntimeError as e:
    print(e)
hessian(lambda x: x.exp().sum(), x, outer_jacobian_strategy="sideways")
