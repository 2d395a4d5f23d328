import torch
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
lo = torch.tensor([0.0, -1.0, 0.5], requires_grad=True)
y = x.clamp_min(lo)
y
y.sum().backward()
x.grad
lo.grad
z = torch.clamp_max(x, torch.tensor(0.5))
z
z.sum().backward()
x.grad
torch.clamp_max(torch.tensor([1, 2]), torch.tensor([True, False]))
torch.clamp(torch.tensor([1, 2]), min=torch.tensor(0))
torch.clamp(torch.tensor([1, 2]), max=torch.tensor(1.5))
w = x.clamp(min=torch.tensor(0.0))
w.grad_fn
