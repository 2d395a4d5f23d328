import torch
x = torch.tensor([2.0, 4.0], requires_grad=True)
y = x * 1
y /= 2
y
y **= 2
y
y -= 1
y *= 3
y.grad_fn
y.sum().backward()
x.grad
m = torch.eye(2, requires_grad=True)
m @= torch.tensor([[1.0, 2.0], [3.0, 4.0]])
m
m.is_leaf
c = torch.tensor([1, 2])
c += 1
c *= 3
c
c /= 2
