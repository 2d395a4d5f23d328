import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0])
v = x[1:3]
w = x.view(2, 2)
v.mul_(10)
x
w
w[1, 1] = -1
x
v
t = x.t() if False else x.view(4, 1).t()
t.add_(1)
x
