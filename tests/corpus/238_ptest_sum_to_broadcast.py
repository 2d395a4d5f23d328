import torch
a = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
b = torch.tensor([[10.0, 20.0, 30.0, 40.0]], requires_grad=True)
c = a + b
c.backward(torch.ones(3, 4))
a.grad
b.grad
s = torch.tensor(2.0, requires_grad=True)
m = torch.ones(2, 3, requires_grad=True)
(s * m).sum().backward()
s.grad
m.grad
v = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
w = torch.ones(3, 4, requires_grad=True)
(v + w).sum().backward()
v.grad
