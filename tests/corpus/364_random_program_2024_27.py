import torch
c1 = torch.zeros((1, 2, 3))
c1.is_leaf
x2 = torch.zeros((), requires_grad=True)
with torch.no_grad():
    n3 = c1 * 2
n3.requires_grad
v4 = c1.permute(2, 0, 1)
v4
v5 = torch.expm1(c1)
if x2.grad is not None:
    x2.grad.zero_()
v6 = x2.sqrt()
v6
torch.manual_seed(5)
x7 = torch.randn((3, 3), requires_grad=True)
v8 = torch.matmul(n3, x7)
c1
v9 = v8.transpose(2, 2)
v9
try:
    x2.sum().backward()
except RuntimeError as e:
    print(e)
x2.grad
x7.grad
v10 = torch.sqrt(c1)
x7.ndim
v8
v4
v11 = 0.5 + v5
c1
