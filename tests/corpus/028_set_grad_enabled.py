import torch
x = torch.tensor([3.0], requires_grad=True)
with torch.set_grad_enabled(False):
    y = x ** 2
y.requires_grad
with torch.set_grad_enabled(True):
    z = x ** 2
z
torch.set_grad_enabled(False)
torch.is_grad_enabled()
q = x * 5
q
torch.set_grad_enabled(True)
torch.is_grad_enabled()
(x * 5).grad_fn
q.sum().backward()
