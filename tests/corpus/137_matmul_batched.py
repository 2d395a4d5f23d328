import torch
torch.manual_seed(0)
x = torch.randn(2, 3, 4, requires_grad=True)
W = torch.randn(4, 5, requires_grad=True)
y = x @ W
y.shape
y.grad_fn
y.sum().backward()
W.grad
x.grad.shape
b = torch.randn(2, 4, 2)
z = x @ b
z.grad_fn
z.shape
v = torch.randn(4)
(x @ v).shape
(x @ v).grad_fn
m = torch.randn(3, 3)
(m @ x).shape
