import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    x.grad = torch.ones(3)
except RuntimeError as e:
    print(e)
try:
    x.grad = torch.ones(2, dtype=torch.float64)
except RuntimeError as e:
    print(e)
try:
    x.grad = [1.0, 2.0]
except TypeError as e:
    print(e)
x.grad = torch.tensor([10.0, 20.0])
(x * 3).sum().backward()
x.grad
y = x * 2
y.grad = torch.ones(2)
y.grad
