import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2 + 3
z = y.mean()
y.retain_grad()
z.retain_grad()
z.backward()
y.grad
z.grad
x.grad
x.retain_grad()
x.retains_grad
try:
    torch.ones(2).retain_grad()
except RuntimeError as e:
    print(e)
y.retain_grad()
y.retains_grad
