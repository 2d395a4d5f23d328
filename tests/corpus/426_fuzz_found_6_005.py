import torch
x1 = torch.tensor(-1.0, requires_grad=True)
x2 = torch.ones((2, 2, 2), requires_grad=True)
try:
    x2.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
if x1.grad is not None:
    x1.data -= 0.5 * x1.grad.data
with torch.no_grad():
    x2[0] = 2.0
x2
v3 = x1.reshape(-1)
v3
v4 = x1.clone()
v3
v5 = F.mse_loss(x1, v4)
v6 = v4.mul(x2)
v6
try:
    v4.detach_()
except RuntimeError as e:
    print(e)
v4.requires_grad
try:
    gs = torch.autograd.grad(v6.sum(), [x1], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x2.grad
try:
    v5.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x2.grad
v7 = F.relu(x2)
v7
v7
v3.is_leaf
v3.grad_fn.next_functions
