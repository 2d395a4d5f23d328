import torch
x = torch.tensor([[3.0, 4.0], [0.0, 0.0]], requires_grad=True)
n = x.norm()
n
n.grad_fn
n.backward()
x.grad
x.grad = None
r = x.norm(dim=1)
r
r.grad_fn
r.sum().backward()
x.grad
x.grad = None
c = x.cumsum(dim=1)
c
c.grad_fn
(c * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
x.grad
torch.norm(x, p=1)
torch.norm(x, float("inf"))
x.norm(2, dim=0, keepdim=True)
torch.cumsum(x, 0)
