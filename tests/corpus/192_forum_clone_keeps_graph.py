import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.clone()
y
y.grad_fn
y.is_leaf
y.sum().backward()
x.grad
z = x.detach().clone()
z.requires_grad
z.grad_fn
w = x.clone().detach().requires_grad_(True)
w.is_leaf
(w * 2).sum().backward()
w.grad
x.grad
