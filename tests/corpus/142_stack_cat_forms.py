import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
torch.stack([a, b])
torch.stack((a, b), dim=1)
torch.stack([a, b], 0)
torch.stack([a, b], dim=-1)
torch.cat([a, b])
torch.cat((a, b), 0)
torch.cat([a.view(1, 2), b.view(1, 2)], dim=1)
torch.cat([a.view(1, 2), b.view(1, 2)], dim=0)
torch.cat([a, b], dim=-1)
c = torch.cat([a * 2, b * 3])
c.sum().backward()
a.grad
b.grad
s = torch.stack([a, b, a])
(s * torch.tensor([[1.0], [2.0], [3.0]])).sum().backward()
a.grad
b.grad
torch.cat([torch.tensor([1, 2]), torch.tensor([3.5])])
