import torch
x1 = torch.tensor([[0.5], [-1.5], [0.0]], requires_grad=True)
x1.size()
v2 = torch.unsqueeze(x1, -2)
v2
x1.dim()
v3 = v2.unsqueeze(-1)
v4 = x1.cumsum(1)
v4
v2.retain_grad()
v5 = v3.mean(dim=-3)
v5
try:
    v3[1] = 0.25
except RuntimeError as e:
    print(e)
v3
