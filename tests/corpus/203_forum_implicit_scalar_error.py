import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
try:
    y.backward()
except RuntimeError as e:
    print(e)
y.backward(torch.ones_like(y))
x.grad
x.grad.zero_()
y = x ** 2
y.sum().backward()
x.grad
x.grad.zero_()
y = x ** 2
y.mean().backward()
x.grad
z = (x ** 2).view(1, 3)[:, :1]
z.backward()
x.grad
