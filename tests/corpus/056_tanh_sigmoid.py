import torch
x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
t = torch.tanh(x)
t
s = x.sigmoid()
s
(t + s).sum().backward()
x.grad
x.grad = None
x.tanh().sum().backward()
torch.allclose(x.grad, 1 - x.tanh() ** 2)
x.grad = None
torch.sigmoid(x).sum().backward()
x.grad
big = torch.tensor([100.0, -100.0], requires_grad=True)
torch.sigmoid(big).sum().backward()
big.grad
