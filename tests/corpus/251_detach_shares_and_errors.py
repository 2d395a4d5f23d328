import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
d = y.detach()
d[0] = 0.0
y
try:
    y.sum().backward()
except RuntimeError as e:
    print(e)
z = x.exp()
dd = z.detach().clone()
dd[0] = 0.0
z.sum().backward()
x.grad
