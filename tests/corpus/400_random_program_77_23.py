import torch
x1 = torch.tensor(-1.5, requires_grad=True)
x2 = (torch.arange(1, dtype=torch.float32) - 0).reshape(()).requires_grad_()
v3 = 2 + x1
v3
x4 = torch.tensor([[-1.5]], requires_grad=True)
v5 = torch.log(x1)
v5
v6 = x1.mul(x4)
v6
x1
