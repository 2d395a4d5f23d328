import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.requires_grad_()
y.requires_grad_(True) is y
try:
    y.requires_grad = True
except RuntimeError as e:
    print(e)
try:
    x.requires_grad = 1
except RuntimeError as e:
    print(e)
y.requires_grad = False
