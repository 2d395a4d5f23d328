import torch
x1 = torch.full((1,), 2.0, requires_grad=True)
h2 = x1.register_hook(lambda g: g * -1)
v3 = x1.detach()
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x1.grad
v4 = x1[0:]
v5 = torch.mean(v4)
v5
v6 = F.tanh(v5)
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
v7 = torch.mean(v3)
v7
print(v3)
x8 = torch.full((2, 3, 1), 2.0, dtype=torch.float64, requires_grad=True)
try:
    x1.backward(torch.ones_like(x1))
except RuntimeError as e:
    print(e)
x8.grad
c9 = torch.tensor([[-0.75, -1.0, 0.25]])
v10 = torch.matmul(v3, c9)
v10
