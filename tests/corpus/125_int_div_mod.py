import torch
a = torch.tensor([7, -7, 5, -5])
b = torch.tensor([2, 2, -3, -3])
a // b
a % b
a / b
torch.div(a, b, rounding_mode="floor")
torch.div(a, b, rounding_mode="trunc")
torch.floor_divide(a, b)
torch.remainder(a, b)
x = torch.tensor([7.5, -7.5, 2.0])
x // 2
x % 2
x % -2
x // -2
torch.remainder(x, 3)
5 // torch.tensor([2, 3])
5 % torch.tensor([2, 3])
7.0 % torch.tensor([2.0, 3.0])
