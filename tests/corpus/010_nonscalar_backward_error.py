import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
y
one = (x[:1] * 5)
one.backward()
x.grad
try:
    y.backward()
except RuntimeError as e:
    print(e)
y.sum().backward()
x.grad
y.backward()
