import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
y.add_(x)
y.sub_(1, alpha=2) if False else y.sub_(1)
y.mul_(torch.tensor([1.0, 2.0, 3.0]))
y.div_(2)
y.pow_(2)
y.clamp_(0, 10)
y
y.grad_fn
y.sum().backward()
x.grad
z = torch.zeros(3)
z.fill_(2.5)
z.copy_(torch.tensor([1, 2, 3]))
z
z.add_(1).mul_(2)
z
