import torch
torch.manual_seed(28)
x1 = torch.rand((1, 2), requires_grad=True)
v2 = x1.mean()
v2
x3 = torch.ones((2, 3), requires_grad=True)
v4 = x1 @ x3
v5 = v4[None]
try:
    (v5 * v5).mean().backward()
except RuntimeError as e:
    print(e)
x1.grad
x3.grad
v2
v6 = x1.flatten()
v6
x7 = torch.tensor([[2.0, -0.5, 2.0]], requires_grad=True)
v8 = v6.reshape(-1)
v9 = v4.detach()
x1.grad = None
v9.grad
v2.retain_grad()
v9.grad
x7
c10 = torch.zeros((1, 3))
v11 = torch.add(v4, c10)
v11
v2.numel()
v12 = v11[-1]
v6.retain_grad()
