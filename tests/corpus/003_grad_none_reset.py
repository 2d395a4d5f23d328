import torch
x = torch.tensor([3.0, 4.0], requires_grad=True)
(x * 4).sum().backward()
x.grad
x.grad = None
x.grad
print(x.grad)
(x ** 2).sum().backward()
x.grad
x.grad = torch.tensor([10.0, 20.0])
(x * 3).sum().backward()
x.grad
