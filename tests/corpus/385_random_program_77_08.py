import torch
x1 = (torch.arange(12, dtype=torch.float32) - 6).reshape((2, 2, 3)).requires_grad_()
v2 = x1.sign()
v2
torch.manual_seed(38)
x3 = torch.randn((1, 3), dtype=torch.float64, requires_grad=True)
v4 = v2.detach()
v4
v5 = x3.masked_fill(x3 < 0, 0.0)
v5
v6 = torch.exp(v5)
v6
v7 = F.mse_loss(v6, x3)
torch.manual_seed(40)
x8 = torch.randn((), requires_grad=True)
v9 = torch.mean(v2)
v10 = v9.reshape(-1)
v11 = torch.rsqrt(x8)
x12 = (torch.arange(1, dtype=torch.float32) - 0).reshape((1, 1)).requires_grad_()
v13 = v10 @ x12
v13
print(x12)
v4
try:
    gs = torch.autograd.grad(x8.sum(), [x3], create_graph=True, allow_unused=True)
except RuntimeError as e:
    print(e)
gs
x1.grad
x3.grad
x8.grad
x12.grad
v14 = v5.reshape(3)
v14
v10
v15 = v14.mean(-1, keepdim=True)
v16 = torch.sign(v2)
v17 = x1.to(torch.float64)
v17
v18 = v6[0:]
x19 = torch.tensor([-0.75], requires_grad=True)
