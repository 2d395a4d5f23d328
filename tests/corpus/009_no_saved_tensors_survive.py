import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1
z = y + 2
s = z.sum()
s.backward()
x.grad
s.backward()
x.grad
t = (x - 1).view(2, 1).mean()
t.backward()
t.backward()
x.grad
w = (x * 2).sum()
w.backward()
w.backward()
