import torch
import torch.nn.functional as F
x1 = torch.zeros((), dtype=torch.float64, requires_grad=True)
x2 = torch.ones((), requires_grad=True)
v4 = F.mse_loss(x2, x1)
v4
gs = torch.autograd.grad(v4.sum(), [x1, x2], create_graph=True, allow_unused=True)
gs
gs[1].grad_fn.next_functions
