import torch
x = torch.tensor([0.1, 0.7, 0.2], requires_grad=True)
i = x.argmax()
i
i.requires_grad
y = x[i]
y
y.backward()
x.grad
m = x.max()
m
x.grad = None
m.backward()
x.grad
