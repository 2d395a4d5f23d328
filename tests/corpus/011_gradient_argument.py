import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 3
v = torch.tensor([1.0, 0.1, 0.01])
y.backward(gradient=v)
x.grad
x.grad = None
y2 = x.sin()
y2.backward(torch.ones_like(y2))
x.grad
s = (x * 2).sum()
s.backward(gradient=torch.tensor(2.0))
x.grad
y3 = x * 4
y3.backward(torch.tensor([1, 1, 1]))
x.grad
