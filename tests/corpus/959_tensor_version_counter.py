# x._version: the version counter in-place ops bump, shared by views and detached aliases,
# not by .data (issue #33)
import torch
x = torch.ones(2)
x._version
x.add_(1)
x._version
y = x[0]
y.mul_(2)
x._version, y._version
x.data.add_(1)
x._version
with torch.no_grad():
    x.add_(1)
x._version
z = x.detach()
z.zero_()
x._version, z._version
w = torch.ones(2, requires_grad=True).clone()
w[0] = 5.
w._version
try:
    x._version = 3
except AttributeError as e:
    print(e)
