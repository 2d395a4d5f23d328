import torch
x1 = torch.tensor([[-0.75, -2.0], [-0.5, 0.0]], requires_grad=True)
x1.is_leaf
v2 = x1.max()
v3 = x1[..., 1]
v3
with torch.no_grad():
    n4 = v2 * 2
n4.requires_grad
v5 = x1.clone()
x1.size()
v6 = v5.double()
v6
with torch.no_grad():
    n7 = v2 * 2
n7.requires_grad
