import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
x.shape
x.dtype
x.ndim
x.T
x.T.shape
x.data
x.requires_grad
x.is_leaf
x.grad_fn
x.grad
x.retains_grad
y = x.T @ x
y.shape, y.grad_fn, y.is_leaf
y.T.grad_fn
