import torch
x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
s = torch.softmax(x, dim=1)
s
s.grad_fn
(s * torch.tensor([1.0, 0.0, 2.0])).sum().backward()
x.grad
x.grad = None
ls = F.log_softmax(x, dim=-1)
ls
ls.grad_fn
ls[:, 0].sum().backward()
x.grad
x.softmax(0)
x.log_softmax(dim=0)
F.softmax(x, 1, dtype=torch.float64)
