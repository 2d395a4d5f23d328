import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
y.mul_(y)
y.sum().backward()
x.grad
x.grad = None
y = x ** 2
y.pow_(2)
y.sum().backward()
x.grad
x.grad = None
y = x.clone()
y.div_(x + 1)
y.sum().backward()
x.grad
x.grad = None
y = x * 1
y.clamp_(1.5, 2.5)
y.sum().backward()
x.grad
x.grad = None
y = x * 1
y.copy_(x * x)
y.sum().backward()
x.grad
x.grad = None
y = x * 1
y.fill_(5)
(y * x).sum().backward()
x.grad
