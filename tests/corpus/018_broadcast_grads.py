import torch
a = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
b = torch.tensor([[10.0, 20.0, 30.0, 40.0]], requires_grad=True)
c = a * b + a
c.shape
c.sum().backward()
a.grad
b.grad
s = torch.tensor(0.5, requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
out = (s * a + v).sum()
out.backward()
s.grad
v.grad
a.grad.shape, b.grad.shape, s.grad.shape
