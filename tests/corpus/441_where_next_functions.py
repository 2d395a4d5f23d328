import torch
x = torch.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
y = torch.where(x > 0, x, x * 2)
y.grad_fn
y.grad_fn.next_functions
z = torch.where(x > 0, x, 0.0)
z.grad_fn.next_functions
w = x.clone()
w[0] = 1.0
v = torch.where(w > 0, w, -w)
v.grad_fn.next_functions
v.sum().backward()
x.grad
