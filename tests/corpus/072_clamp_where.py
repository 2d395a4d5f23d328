import torch
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
torch.clamp(x, -1.0, 1.0)
x.clamp(min=-1.0)
x.clamp(max=2.0).grad_fn
y = torch.where(x > 0, x ** 2, -x)
y
y.sum().backward()
x.grad
x.grad = None
torch.where(x > 0, x, torch.zeros(3)).sum().backward()
x.grad
x.grad = None
s = torch.tensor([0.0, -1.0, 4.0], requires_grad=True)
torch.where(s > 0, s.sqrt(), torch.zeros(3)).sum().backward()
s.grad
torch.where(torch.tensor([True, False]), torch.tensor([1.0, 2.0]), torch.tensor([9.0, 9.0]))
