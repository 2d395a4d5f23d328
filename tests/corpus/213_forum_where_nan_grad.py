import torch
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), torch.zeros_like(x))
y
y.sum().backward()
x.grad
x.grad = None
safe = torch.where(x > 0, x, torch.ones_like(x))
y = torch.where(x > 0, safe.sqrt(), torch.zeros_like(x))
y.sum().backward()
x.grad
x.grad = None
y = torch.where(x > 0, torch.log(x), x)
y.sum().backward()
x.grad
