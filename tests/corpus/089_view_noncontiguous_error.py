import torch
x = torch.arange(6.0, requires_grad=True)
m = x.view(2, 3)
m.t().reshape(6)
m.t().contiguous().view(6)
m.t().view(6)
