import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
try:
    y.requires_grad = False
except RuntimeError as e:
    print(e)
try:
    y.requires_grad_(False)
except RuntimeError as e:
    print(e)
try:
    y.requires_grad = True
except RuntimeError as e:
    print(e)
y.requires_grad_(True) is y
x.requires_grad = False
x.requires_grad
x.requires_grad_()
try:
    x.requires_grad = 1
except RuntimeError as e:
    print(e)
try:
    y.retains_grad = True
except AttributeError as e:
    print(e)
