import torch
torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
x
y = x * 2
z = y + 3
y.retain_grad()
loss = z.mean()
loss.backward()
print(y.grad)
x.grad
y.retains_grad, z.retains_grad, x.retains_grad
