import torch
x = torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64, requires_grad=True)
y = (x ** 3).sum()
y
y.backward()
x.grad
x.grad.dtype
f = torch.tensor([0.1], requires_grad=True)
(f ** 3).backward()
f.grad.item()
d = torch.tensor([0.1], dtype=torch.double, requires_grad=True)
(d ** 3).backward()
d.grad.item()
(x.sin() * 2).sum().backward()
x.grad
print(x.grad)
