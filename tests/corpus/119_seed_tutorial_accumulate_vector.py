import torch
torch.manual_seed(0)
x = torch.rand(3, requires_grad=True)
y = x * 2
for _ in range(2):
    y = y * 2
y
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float32)
y.backward(v)
print(x.grad)
x.grad
x.grad.zero_()
(x ** 2).mean().backward()
x.grad
