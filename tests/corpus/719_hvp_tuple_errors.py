import torch
from torch.autograd.functional import hvp
x = torch.tensor([1.0, 2.0])
try:
    hvp(lambda x: x ** 2, x, torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    hvp(lambda x: (x.sum(), x.sum()), x, torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    hvp(lambda x: x.sum(), x, torch.ones(2), strict=True)
except RuntimeError as e:
    print(e)
hvp(lambda x: (x ** 2).sum(), x, torch.ones(2), strict=True)
