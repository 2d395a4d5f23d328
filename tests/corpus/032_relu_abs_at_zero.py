import torch
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = torch.relu(x)
y
y.sum().backward()
x.grad
x.grad = None
x.abs().sum().backward()
x.grad
x.grad = None
x.relu().sum().backward()
x.grad
torch.abs(torch.tensor([-1.5, 0.0]))
