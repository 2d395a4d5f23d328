import torch
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x = torch.ones(2, 3)
i0 = torch.tensor(1)
v[[0.5]]
v[[1, 0.5]]
v[[1.9, -0.5]]
v[[True, False, True]]
v[[True, 1]]
v[[]]
v[[None]]
v[[i0]]
v[[None, 1]]
x[[0, [0, 1]]]
x[[0, 1], [0.5, 1]]
try:
    v[[1, [1, 2]]]
except IndexError as e:
    print(e)
try:
    v[[float('nan')]]
except RuntimeError as e:
    print(e)
try:
    v[[2**63]]
except ValueError as e:
    print(e)
try:
    v[(0.5,)]
except IndexError as e:
    print(e)
w = torch.zeros(3)
w[[0.5, 2]] = 7.0
w
w[[True, False, True]] = -1.0
w
v[[0.5, 2]].sum().backward()
v.grad
