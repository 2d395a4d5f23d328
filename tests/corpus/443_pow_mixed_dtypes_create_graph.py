import torch
x2 = torch.tensor([0.5, 1.25, 0.25], requires_grad=True)
x3 = torch.tensor([1.0, 1.0, 0.5], dtype=torch.float64, requires_grad=True)
v4 = torch.pow(x2, x3)
gs = torch.autograd.grad(v4.sum(), [x3, x2], create_graph=True)
gs
gs[0].grad_fn.next_functions
gs[0].sum().backward()
x2.grad
x3.grad
