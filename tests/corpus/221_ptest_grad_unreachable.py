import torch
x = torch.ones(1, requires_grad=True)
y = torch.ones(1, requires_grad=True)
z = x * 2
w = y * 2
grad_x, grad_y = torch.autograd.grad(x * 2, [x, y], allow_unused=True)
grad_x
grad_y
z = torch.ones(1, requires_grad=True)
grad_x, grad_z = torch.autograd.grad(x * 2, [x, z], allow_unused=True)
grad_x
grad_z
try:
    torch.autograd.grad(x * 2, [x, y], allow_unused=False)
except RuntimeError as e:
    print(e)
