import torch
x = torch.tensor([3.0, -4.0, 0.0], requires_grad=True)
torch.sign(x)
x.sign().sum().backward()
x.grad
x.grad = None
n = x.norm()
n
n.grad_fn
n.backward()
x.grad
torch.norm(torch.tensor([[1.0, 2.0], [2.0, 4.0]]), dim=1)
x.grad = None
c = torch.cumsum(x, dim=0)
c
c.grad_fn
c.sum().backward()
x.grad
torch.tensor([[1.0, 2.0], [3.0, 4.0]]).cumsum(1)
torch.zeros(2, requires_grad=True).norm()
