import torch
i = torch.tensor([1, 2])
try:
    i += 0.5
except RuntimeError as e:
    print(e)
try:
    i.mul_(1.5)
except RuntimeError as e:
    print(e)
try:
    i /= 2
except RuntimeError as e:
    print(e)
f = torch.tensor([1.0, 2.0])
f += torch.tensor([1, 2])
f
f += torch.tensor([0.5, 0.5], dtype=torch.float64)
f
f.dtype
d = torch.tensor([1.0, 2.0], dtype=torch.float64)
d.mul_(torch.tensor([2.0, 2.0]))
d
b = torch.tensor([True, False])
b.add_(True) if False else None
