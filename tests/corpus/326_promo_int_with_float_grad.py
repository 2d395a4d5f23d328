import torch
i = torch.tensor([1, 2])
x = torch.tensor([1.5, 2.5], requires_grad=True)
y = i * x
y
y.sum().backward()
x.grad
z = x + i.double()
z
z.dtype
z.sum().backward()
x.grad
w = i / 2
w
w.requires_grad
