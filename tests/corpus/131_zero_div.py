import torch
x = torch.tensor([0.0, 1.0, -1.0])
x / 0
1 / x
x / x
torch.tensor([1, 2]) / 0
torch.tensor([0]) / 0
x * float("inf")
torch.tensor([float("nan"), 1.0])
torch.tensor([float("inf"), -float("inf")])
try:
    torch.tensor([1, 2]) // 0
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1, 2]) % 0
except RuntimeError as e:
    print(e)
