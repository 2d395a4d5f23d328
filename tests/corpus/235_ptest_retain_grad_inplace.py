import torch
a = torch.tensor([1.0], requires_grad=True).clone()
a.retain_grad()
a.mul_(2)
a.sum().backward()
a.grad
a = torch.tensor([1.0], requires_grad=True).clone()
a.retain_grad()
a.mul_(2)
a.mul_(2)
a.sum().backward()
a.grad
