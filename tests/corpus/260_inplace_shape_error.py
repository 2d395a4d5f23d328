import torch
a = torch.ones(3)
try:
    a.add_(torch.ones(2, 3))
except RuntimeError as e:
    print(e)
try:
    a += torch.ones(4)
except RuntimeError as e:
    print(e)
a.add_(torch.ones(1))
a
b = torch.ones(2, 3)
b.mul_(torch.tensor([1.0, 2.0, 3.0]))
b
try:
    b.copy_(torch.ones(3, 2))
except RuntimeError as e:
    print(e)
b.copy_(torch.tensor([7.0, 8.0, 9.0]))
b
