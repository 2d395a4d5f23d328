import torch
x1 = torch.tensor(1.0, requires_grad=True)
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
c2 = torch.tensor(-0.5, dtype=torch.float64)
v3 = torch.sub(x1, c2, alpha=2)
v3
x4 = torch.tensor(-0.5, dtype=torch.float64, requires_grad=True)
v5 = x1.tan()
v5
torch.manual_seed(35)
x6 = torch.rand((3,), dtype=torch.float64, requires_grad=True)
v7 = c2.to(torch.float32)
v5
try:
    (x1 * x1).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x4.grad
x6.grad
