import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
for k in range(5):
    try:
        if k == 0:
            x[0].mul_(2)
        elif k == 1:
            x.view(4).add_(1)
        elif k == 2:
            x.t().zero_()
        elif k == 3:
            x[:, 1] = 0.0
        else:
            x[...] = 1.0
    except RuntimeError as e:
        print(k, e)
try:
    x[[0]] = 5.0
except RuntimeError as e:
    print(e)
try:
    x[:] = 5.0
except RuntimeError as e:
    print(e)
with torch.no_grad():
    x[0, 0] = 100.0
    x.t()[1, 0] = 50.0
x
x.is_leaf
