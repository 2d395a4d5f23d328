import torch
x = torch.tensor([3.0], requires_grad=True)
y = x ** 3
y.backward(create_graph=True)
x.grad
x.grad.requires_grad, x.grad.is_leaf
g = x.grad
g.backward()
x.grad
g is x.grad
x.grad = None
(x ** 2).backward(create_graph=True)
(x ** 2).backward(create_graph=True)
x.grad
