import torch
x1 = torch.tensor([[[2.0]], [[1.0]]], requires_grad=True)
x2 = torch.full((2, 1, 1), 3.0, requires_grad=True)
v3 = torch.stack([x1, x2], dim=0)
v3
v4 = torch.tanh(x2)
v4
print(v3)
v5 = v3.permute(1, 3, 2, 0)
with torch.no_grad():
    n6 = x1 * 2
n6.requires_grad
v7 = torch.tanh(x1)
if x1.grad is not None:
    x1.grad.zero_()
v8 = F.softmax(v5, dim=-3)
v8
v9 = x1.detach()
v9
v10 = torch.mean(v7)
v10
