import torch
x = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
s = x.squeeze()
s
s.grad_fn
x.squeeze(1).grad_fn
x.squeeze(0).shape
u = s.unsqueeze(0)
u
torch.unsqueeze(s, dim=1).shape
torch.squeeze(torch.zeros(1, 2, 1)).shape
s[None].shape, s[:, None].shape
(u * torch.tensor([[1.0, 10.0, 100.0]])).sum().backward()
x.grad
