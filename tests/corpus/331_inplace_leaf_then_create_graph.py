import torch
x1 = torch.tensor([-0.25], requires_grad=True)
x1.sum().backward()
v3 = -0.5 / x1
with torch.no_grad():
    x1 -= 0.5 * x1.grad
gs = torch.autograd.grad(v3.sum(), [x1], create_graph=True, allow_unused=True)
gs
