import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
s = torch.stack([a, b])
s
torch.stack([a, b], dim=1)
c = torch.cat([a, b])
c
torch.cat((a.view(1, 2), b.view(1, 2)), dim=0).shape
torch.cat([a.view(2, 1), b.view(2, 1)], dim=1)
(s * torch.tensor([[1.0, 1.0], [2.0, 2.0]])).sum().backward()
a.grad, b.grad
(c ** 2).sum().backward()
a.grad, b.grad
torch.cat([torch.ones(2), torch.zeros(1, 2)])
