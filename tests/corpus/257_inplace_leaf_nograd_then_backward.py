import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
with torch.no_grad():
    x.add_(1)
try:
    y.backward()
except RuntimeError as e:
    print(e)
x
z = (x * 3).sum()
with torch.no_grad():
    x.mul_(2)
z.backward()
x.grad
