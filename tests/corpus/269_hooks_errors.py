import torch
try:
    torch.ones(2).register_hook(lambda g: g)
except RuntimeError as e:
    print(e)
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda g: torch.ones(3))
try:
    x.sum().backward()
except RuntimeError as e:
    print(e)
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_hook(lambda g: 1)
try:
    w.sum().backward()
except TypeError as e:
    print(e)
v = torch.tensor([1.0, 2.0], requires_grad=True)
u = v * 2
u.register_hook(lambda g: g.sum())
try:
    u.sum().backward()
except RuntimeError as e:
    print(e)
