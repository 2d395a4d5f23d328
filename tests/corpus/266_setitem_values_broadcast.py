import torch
m = torch.zeros(2, 3)
m[0] = torch.tensor([1.0, 2.0, 3.0])
m[1] = 5
m
m[:, 1] = torch.tensor([7.0, 8.0])
m
m[0, :2] = torch.tensor([[9.0, 9.5]])
m
try:
    m[0] = torch.ones(2)
except RuntimeError as e:
    print(e)
try:
    m[0] = torch.ones(2, 3)
except RuntimeError as e:
    print(e)
try:
    m[:] = "x"
except TypeError as e:
    print(e)
m[m > 7] = -1
m
i = torch.zeros(3, dtype=torch.int64)
i[0] = 2.7
i
