import torch
x = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)
p = x.prod()
p
p.backward()
x.grad
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
q = torch.prod(m, dim=1)
q
q.sum().backward()
m.grad
z = torch.tensor([0.0, 5.0, 2.0], requires_grad=True)
z.prod().backward()
z.grad
m.prod(1, keepdim=True).shape
