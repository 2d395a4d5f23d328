# Higher-order gradients: create_graph=True makes the first derivative differentiable.
import torch
x = torch.tensor(2.0, requires_grad=True)
y = x**3
(dy,) = torch.autograd.grad(y, x, create_graph=True)
dy                # 3*x**2 = 12, with a grad_fn
(d2y,) = torch.autograd.grad(dy, x)
d2y               # 6*x = 12
