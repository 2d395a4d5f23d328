import torch
from torch.autograd.functional import jacobian
# a function returning a tuple: one Jacobian per output (and per input)
def polar(r, theta):
    return r * torch.cos(theta), r * torch.sin(theta)
r = torch.tensor([1.0, 2.0])
theta = torch.tensor([0.3, 1.2])
(dx_dr, dx_dt), (dy_dr, dy_dt) = jacobian(polar, (r, theta))
print(dx_dr)
print(dx_dt)
print(dy_dr)
print(dy_dt)
