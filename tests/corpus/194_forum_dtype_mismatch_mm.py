import torch
a = torch.ones(2, 3)
b = torch.ones(3, 2, dtype=torch.float64)
try:
    a @ b
except RuntimeError as e:
    print(e)
try:
    torch.mm(a, b)
except RuntimeError as e:
    print(e)
(a @ b.float()).dtype
(a.double() @ b).dtype
try:
    torch.dot(torch.ones(3), torch.ones(3, dtype=torch.float64))
except RuntimeError as e:
    print(e)
a + b.t()
