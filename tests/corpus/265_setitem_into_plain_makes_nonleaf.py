import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
buf = torch.zeros(4)
buf.is_leaf
buf[1] = x[0] ** 2
buf.is_leaf
buf.requires_grad
buf.grad_fn
buf[2:] = x * 10
buf
buf.grad_fn.next_functions
(buf * torch.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
x.grad
