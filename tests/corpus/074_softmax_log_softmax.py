import torch
x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
p = torch.softmax(x, dim=1)
p
p.sum(dim=1)
p.grad_fn
lp = x.log_softmax(dim=-1)
lp
lp.grad_fn
w = torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.0, 2.0]])
(p * w).sum().backward()
x.grad
x.grad = None
(lp * w).sum().backward()
x.grad
x.softmax(0)
