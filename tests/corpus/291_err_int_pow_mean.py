import torch
i = torch.tensor([2, 3])
try:
    i ** -1
except RuntimeError as e:
    print(e)
try:
    i.mean()
except RuntimeError as e:
    print(e)
i.float().mean()
i.sum()
i.prod()
torch.tensor([4]) ** 0.5
i.sum(dtype=torch.float32)
i.mean(dtype=torch.float64)
