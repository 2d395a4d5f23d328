import torch
x = torch.arange(12.0).view(3, 4).requires_grad_()
x[0]
x[-1, 1:3]
x[:, 0]
x[1:, ::2]
x[..., -1]
x[0, 1]
x[[0, 2]]
x[x > 8]
x[torch.tensor([2, 0])].grad_fn
x[0].grad_fn, x[0:1].grad_fn, x[0, 1].grad_fn
y = x[1:, 1:].sum() + x[0, 0] * 5 + x[[2]].sum()
y.backward()
x.grad
x[5]
