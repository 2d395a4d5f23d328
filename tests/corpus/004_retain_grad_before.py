import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2 + 3
y.retain_grad()
y.retains_grad
z = y.mean()
z.backward()
y.grad
x.grad
y.is_leaf, y.grad.requires_grad
