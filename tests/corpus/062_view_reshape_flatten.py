import torch
x = torch.arange(6.0, requires_grad=True)
a = x.view(2, 3)
a
b = x.reshape(3, -1)
b
c = a.flatten()
c.grad_fn
x.view(-1, 2).shape
torch.reshape(x, (1, 6)).shape
torch.flatten(torch.ones(2, 2, 2), start_dim=1).shape
(a * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
x.grad
try:
    x.view(4, 2)
except RuntimeError as e:
    print(e)
a.t().view(6)
