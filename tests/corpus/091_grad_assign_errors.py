import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.grad = torch.tensor([0.5, 0.5])
x.grad
(x * 2).sum().backward()
x.grad
try:
    x.grad = torch.ones(3)
except RuntimeError as e:
    print(e)
try:
    x.grad = [1.0, 2.0]
except TypeError as e:
    print(e)
x.grad = torch.ones(2, dtype=torch.float64)
