import torch
torch.manual_seed(0)
W = torch.rand(3, 2, requires_grad=True)
x = torch.rand(4, 3)
h = x @ W
h.shape
try:
    torch.ones(3) @ torch.ones(4)
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, dtype=torch.float64) @ torch.ones(2)
except RuntimeError as e:
    print(e)
out = h @ W
