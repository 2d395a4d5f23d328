import torch
x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = torch.exp(x)
y
z = x.log()
z
(y + z).sum().backward()
x.grad
x.grad = None
torch.log(torch.exp(x)).sum().backward()
x.grad
torch.log(torch.tensor([0.0, 1.0, -1.0]))
