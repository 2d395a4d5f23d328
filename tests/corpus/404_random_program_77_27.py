import torch
c1 = torch.tensor([[-2.0, 1.25], [1.25, -0.25]])
v2 = c1.permute(1, 0)
c1
c1.grad_fn
v3 = c1.permute(0, 1)
x4 = torch.tensor([-1.5, 2.0], requires_grad=True)
v5 = c1.mv(x4)
v5
try:
    v5.sub_(-1)
except RuntimeError as e:
    print(e)
v5
try:
    v5.backward(torch.ones_like(v5))
except RuntimeError as e:
    print(e)
x4.grad
v6 = 1.5 / v2
v6
