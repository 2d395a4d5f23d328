import torch
x1 = torch.tensor([[-0.25, -1.5, 1.25], [-2.0, 2.0, 0.25]], dtype=torch.float64, requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
v2 = torch.square(x1)
v2
v3 = v2.flatten()
v3
try:
    v3.backward()
except RuntimeError as e:
    print(e)
x1.grad
v2
try:
    print(torch.autograd.grad(v3.sum(), [x1], allow_unused=True))
except RuntimeError as e:
    print(e)
x1.grad
v4 = torch.norm(x1)
v5 = 0.5 + v4
try:
    print(torch.autograd.grad(x1.sum(), [x1]))
except RuntimeError as e:
    print(e)
v5.requires_grad
v5.grad_fn.next_functions
v6 = v3.dot(v3)
v6
v7 = v2.detach()
x8 = (torch.arange(6, dtype=torch.float32) - 3).reshape((2, 3)).requires_grad_()
