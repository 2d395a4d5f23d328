import torch
x = torch.tensor([1.0, 2.0])
e = x.expand(3, 2)
try:
    e.add_(1)
except RuntimeError as err:
    print(err)
e.fill_(4.0)
x
e.zero_()
x
e[1] = torch.tensor([5.0, 6.0])
x
e
