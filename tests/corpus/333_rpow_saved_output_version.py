import torch
x1 = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
v2 = 2 ** x1
v2 += 3
v5 = v2.pow(2)
try:
    v5.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
