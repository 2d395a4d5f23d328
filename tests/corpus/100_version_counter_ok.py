import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
loss = (y + 3).sum()
y.mul_(2)
y
loss.backward()
x.grad
y2 = (x ** 2).sum()
y2.backward()
with torch.no_grad():
    x.add_(1)
x
y3 = (x ** 2).sum()
x.data.add_(1)
y3.backward()
x.grad
