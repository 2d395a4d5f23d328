import torch
x = torch.tensor([1.0], requires_grad=True)
y = x * 2
y.grad
for i in range(3):
    y.grad
y.grad
print(y.grad)
y.retain_grad()
y.grad
d = y.detach()
d.grad
with torch.no_grad():
    n = x * 2
n.grad
