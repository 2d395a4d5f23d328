import torch
torch.manual_seed(0)
x = torch.randn(1, requires_grad=True)
y = x ** 2
y.retain_grad()
z = y ** 2
z.backward()
print("first:", y.grad)
y.grad.zero_()
z.backward()
