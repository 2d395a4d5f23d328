import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
del y
y = x + 5
y
x = x + 1
x.is_leaf
x.grad_fn
x.sum().backward()
x.grad
