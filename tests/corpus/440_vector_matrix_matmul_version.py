import torch
c1 = torch.tensor([0.0, -0.5])
x2 = (torch.arange(2, dtype=torch.float32) - 1).reshape((2, 1)).requires_grad_()
v3 = torch.matmul(c1, x2)
v3
v4 = torch.prod(v3)
v3 += -0.5
try:
    v4.backward()
except RuntimeError as e:
    print(e)
