import torch
torch.manual_seed(43)
c1 = torch.rand((2, 3, 3))
torch.manual_seed(46)
x2 = torch.randn((3,), requires_grad=True)
v3 = c1 @ x2
try:
    x2.sum().backward()
except RuntimeError as e:
    print(e)
v4 = 2 ** x2
v4
v3
v5 = 3 * v4
v5
try:
    v4.backward()
except RuntimeError as e:
    print(e)
x2.grad
x6 = (torch.arange(6, dtype=torch.float32) - 3).reshape((3, 2)).requires_grad_()
v5.requires_grad
v5.grad_fn.next_functions
v7 = v5 + v3
