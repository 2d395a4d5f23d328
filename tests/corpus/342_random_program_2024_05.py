import torch
x1 = torch.tensor([[[2.0, -2.0], [2.0, 0.5]]], dtype=torch.float64, requires_grad=True)
v2 = torch.sum(x1)
v2
torch.manual_seed(34)
c3 = torch.rand((3, 2))
x1.grad = None
try:
    x1[0] = -0.5
except RuntimeError as e:
    print(e)
x1
v4 = x1.clone()
v4
if x1.grad is not None:
    x1.grad.zero_()
v5 = c3.sin()
v5
x6 = torch.tensor(-1.5, requires_grad=True)
v7 = torch.neg(v4)
v7
x1
x8 = (torch.arange(1, dtype=torch.float32) - 0).reshape(()).requires_grad_()
