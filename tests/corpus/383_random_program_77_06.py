import torch
x1 = torch.ones((), dtype=torch.float64, requires_grad=True)
x1.requires_grad
v2 = x1.reshape(-1)
v2
x1.grad = None
v3 = v2.view(-1)
v3
h4 = x1.register_hook(lambda g: g * 2)
h4.remove()
try:
    v2[0] = -1
except RuntimeError as e:
    print(e)
v2
try:
    x1.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
v5 = v3.pow(2)
v5
v6 = torch.unsqueeze(v3, 1)
v6
v7 = torch.stack([v2, v3], dim=0)
v7
v8 = torch.sign(v3)
v8
v9 = v5.clamp(-1, 1)
v9
try:
    v3.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
v10 = torch.sum(v3)
v10
v6.item()
c11 = torch.tensor(1.0)
v12 = x1 - c11
x13 = torch.tensor(1.0, requires_grad=True)
v14 = torch.add(c11, x13)
torch.manual_seed(23)
x15 = torch.rand((3, 2), requires_grad=True)
v16 = v14.min()
