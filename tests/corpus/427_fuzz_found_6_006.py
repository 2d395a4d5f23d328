import torch
torch.manual_seed(17)
x1 = torch.rand((1,), requires_grad=True)
v2 = x1.detach()
v3 = x1[None]
v4 = x1.flatten()
v4
x5 = torch.zeros((), dtype=torch.float64, requires_grad=True)
v6 = torch.unsqueeze(x5, -1)
v6
x7 = torch.tensor([[0.5]], dtype=torch.float64, requires_grad=True)
v8 = v6 @ x7
v8
v9 = torch.dot(v4, x1)
v10 = v2.min(0, keepdim=True).values
v10
v11 = torch.mul(x7, 1.5)
v11
try:
    print(torch.autograd.grad(v3.sum(), [x7, x5], retain_graph=True))
except RuntimeError as e:
    print(e)
x1.grad
x5.grad
v12 = v11.expand(3, 3)
v13 = v2.clamp_min(0)
v13
v14 = v13.reshape(-1)
v14
torch.manual_seed(36)
x15 = torch.randn((1, 3), requires_grad=True)
v16 = v14 @ x15
x7.grad_fn
try:
    gs = torch.autograd.grad(v8.sum(), [x7], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
try:
    v6.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x1.grad
x15.grad
try:
    x15.sum().backward()
except RuntimeError as e:
    print(e)
x5.grad
x7.grad
x15.grad
