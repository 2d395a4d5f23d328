import torch
c1 = torch.tensor([-2.0, 0.5])
v2 = c1[c1 > 0]
try:
    c1.add_(-1)
except RuntimeError as e:
    print(e)
v3 = c1.cumsum(-1)
v3
c1
c4 = torch.ones((2, 2))
v5 = torch.matmul(c1, c4)
v5
x6 = torch.full((), 0.25, requires_grad=True)
try:
    v5[0] = 3
except RuntimeError as e:
    print(e)
v5
