import torch
x1 = torch.tensor([1.25], requires_grad=True)
c2 = torch.ones(())
x1.tolist()
v3 = c2.tanh()
v3
v4 = 1.5 / c2
v4
v3
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
x1.grad
x5 = torch.full((1,), 1.5, requires_grad=True)
v6 = torch.cat((x1, x5), 0)
v6
v7 = x5[0:]
try:
    print(torch.autograd.grad(v6.sum(), [x5, x1], retain_graph=True))
except RuntimeError as e:
    print(e)
x1.grad
c8 = torch.tensor([[[1.0, 1.25], [0.5, -2.0]], [[-0.25, 2.0], [0.25, -0.75]]])
v9 = v6 @ c8
v9
v4.requires_grad_()
h10 = v6.register_hook(lambda g: g * 0.5)
x11 = torch.tensor([2.0], requires_grad=True)
v12 = torch.add(x5, x11)
v12
