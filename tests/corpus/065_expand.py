import torch
b = torch.tensor([[1.0], [2.0]], requires_grad=True)
e = b.expand(2, 3)
e
e.grad_fn
b.expand(-1, 4).shape
torch.tensor([5.0]).expand(3)
e.sum().backward()
b.grad
c = torch.tensor(2.0, requires_grad=True)
c.expand(4).sum().backward()
c.grad
try:
    b.expand(3, 3)
except RuntimeError as e:
    print(e)
