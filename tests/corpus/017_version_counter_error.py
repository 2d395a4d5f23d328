import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
z = y + 1
y.add_(1)
z.sum().backward()
x.grad
a = x.exp()
c = a.sum()
a.add_(1)
a
try:
    c.backward()
except RuntimeError as e:
    print(str(e)[:140])
p = x ** 2
q = p * p
p.mul_(2)
q.sum().backward()
