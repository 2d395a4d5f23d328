import torch
x = torch.tensor([2.0, 4.0], requires_grad=True)
y = torch.tensor([1.0, 8.0], requires_grad=True)
-x
x.neg().grad_fn, torch.neg(x).grad_fn
x - y, (1 - x).grad_fn, (x - 1).grad_fn
x / y
(2 / x).grad_fn
torch.div(x, 2)
torch.sub(x, y)
x.div(y)
torch.add(x, y, alpha=2)
torch.mul(x, y)
x.add(1).mul(3).sub(y).div(2).sum().backward()
x.grad, y.grad
x.grad = None
(1 / x).sum().backward()
x.grad
