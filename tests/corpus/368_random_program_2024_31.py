import torch
x1 = torch.tensor([[[0.0]], [[1.25]], [[0.5]]], requires_grad=True)
x1.ndim
torch.manual_seed(19)
x2 = torch.randn((1,), requires_grad=True)
v3 = x1 @ x2
v3
v3.retain_grad()
v4 = x2.reshape(-1)
x2.shape
x5 = torch.tensor([[[0.5]], [[-2.0]], [[0.5]]], requires_grad=True)
v6 = torch.stack([x1, x5], dim=1)
h7 = v4.register_hook(lambda g: g * 2)
v8 = x5.permute(2, 0, 1)
v9 = v3[::2]
v10 = torch.tanh(x2)
v11 = torch.mean(x1, 1)
v11
x12 = torch.tensor(1.25, requires_grad=True)
