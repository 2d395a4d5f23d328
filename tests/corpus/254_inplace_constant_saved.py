import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0])
y = x * c
c.add_(1)
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
c2 = torch.tensor([3.0, 4.0])
y2 = x + c2
c2.add_(1)
y2.sum().backward()
x.grad
