import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
y = (x * 3).sum()
torch.autograd.grad(y, x)
x.grad
h.remove()
y = x * 2
y.retain_grad()
torch.autograd.grad(y.sum(), x)
y.grad
