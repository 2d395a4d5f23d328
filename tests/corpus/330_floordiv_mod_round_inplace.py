import torch
x = torch.tensor([1.5, 2.5, -0.5], requires_grad=True)
y = x*2
y //= 2
y
y = x*2
y %= 2
y
i = torch.tensor([5, 7])
i //= 2
i
i %= 2
i
try:
    round(x)
except TypeError as e:
    print(e)
torch.round(x, decimals=1)
x.round(decimals=2)
i = torch.tensor([5, 7])
try:
    i /= 2
except RuntimeError as e:
    print(e)
try:
    i *= 1.5
except RuntimeError as e:
    print(e)
f = torch.tensor([5., 7])
f += torch.tensor([1, 2], dtype=torch.float64)
f
try:
    torch.tensor([1, 2]) // 0
except RuntimeError as e:
    print(e)
torch.tensor([1.0, 2.0]) // 0
torch.tensor([1.0, -2.0]) % 0
