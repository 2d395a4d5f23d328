import torch
x = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
y = x.clamp(0, 1)
y
y.grad_fn
y.sum().backward()
x.grad
x.grad = None
torch.clamp(x, min=0.0).sum().backward()
x.grad
x.grad = None
x.clamp(max=0.5).sum().backward()
x.grad
