import torch
a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = a.clone()
v = b[:1]
v.mul_(2)
b
b.grad_fn
v.grad_fn
b.sum().backward()
a.grad
a.grad = None
b = a.clone()
b[0].add_(torch.tensor([10.0, 20.0]))
b
b.sum().backward()
a.grad
