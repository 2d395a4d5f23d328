import torch
w = torch.ones(2, requires_grad=True)
w.grad
w += 1
w
