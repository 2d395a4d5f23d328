import torch
x = torch.tensor([1.0, 1.0], requires_grad=True)
(x * 2).sum().backward()
g = x.grad
(x * 3).sum().backward()
g
g is x.grad
x.grad.requires_grad
x.grad.is_leaf
x.grad.grad_fn
x.grad = None
(x * 4).sum().backward()
g
x.grad
x.grad = torch.tensor([10.0, 20.0])
(x * 3).sum().backward()
x.grad
x.grad.zero_()
x.grad
