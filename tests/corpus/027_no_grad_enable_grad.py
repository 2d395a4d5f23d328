import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
torch.is_grad_enabled()
with torch.no_grad():
    y = x * 2
    torch.is_grad_enabled()
    with torch.enable_grad():
        z = x * 3
        torch.is_grad_enabled()
torch.is_grad_enabled()
y
y.requires_grad, y.is_leaf, y.grad_fn
z
w = torch.ones(2, requires_grad=True)
with torch.no_grad():
    v = torch.ones(2, requires_grad=True)
v
