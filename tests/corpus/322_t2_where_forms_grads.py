import torch
x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
w = torch.tensor([5.0, 6.0, 7.0], requires_grad=True)
y = torch.where(x > 0, x, w)
y
y.grad_fn
y.sum().backward()
x.grad
w.grad
z = torch.where(x > 0, x * x, 0.0)
z
z2 = torch.where(x < 1, 1.0, x)
z2
z3 = x.where(x > 0, torch.tensor(-1.0))
z3
torch.where(torch.tensor([True, False, True]), torch.tensor([1, 2, 3]), torch.tensor([1.5, 2.5, 3.5]))
torch.where(x > 0)
