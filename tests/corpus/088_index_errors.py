import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
x[1, 2]
try:
    x[0, 5]
except IndexError as e:
    print(e)
try:
    torch.tensor(1.0)[0]
except IndexError as e:
    print(e)
try:
    x.sum(dim=2)
except IndexError as e:
    print(e)
x[0, 0, 0]
