import torch
torch.manual_seed(3)
x = torch.randn(10, 10, requires_grad=True)
view = x[1:]
try:
    view.detach_()
except RuntimeError as e:
    print(e)
y = (x * 2)[1:]
try:
    y.detach_()
except RuntimeError as e:
    print(e)
z = x * 2
z.detach_()
z.requires_grad
z.is_leaf
