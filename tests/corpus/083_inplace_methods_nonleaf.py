import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.add_(1)
y.grad_fn
y.sub_(0.5)
y.mul_(3)
y.grad_fn
y.div_(2)
y.pow_(2)
y.grad_fn
y.sum().backward()
x.grad
z = x + 0
z += 1
z *= 2
z.grad_fn
a = torch.ones(3)
a.add_(2).mul_(torch.tensor([1.0, 2.0, 3.0]))
a
