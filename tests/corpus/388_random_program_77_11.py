import torch
x1 = torch.tensor([[[0.0, 0.5]], [[1.0, 1.0]]], requires_grad=True)
h2 = x1.register_hook(lambda g: g * -1)
h2.remove()
try:
    print(torch.autograd.grad(x1.sum(), [x1], retain_graph=True))
except RuntimeError as e:
    print(e)
v3 = x1.view(-1, 2)
try:
    v3.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
if x1.grad is not None:
    x1.grad.zero_()
x1
