import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
t = torch.tensor([x[0].item() ** 2, x[1].item() ** 3])
t
t.requires_grad
s = torch.stack([x[0] ** 2, x[1] ** 3])
s
s.sum().backward()
x.grad
t.sum().backward()
