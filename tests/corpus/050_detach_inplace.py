import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.detach_()
y
y.is_leaf, y.requires_grad, y.grad_fn
z = x + 1
z2 = z.detach()
z2 += 10
z
w = (x ** 2).sum()
w.backward()
x.grad
