import torch
c1 = torch.tensor([-2.0])
torch.manual_seed(40)
x2 = torch.randn((1,), requires_grad=True)
v3 = torch.pow(c1.abs(), x2)
v3
v3.is_leaf
v3.grad_fn.next_functions
x2.grad
try:
    v3.sum().backward(retain_graph=True)
except RuntimeError as e:
    print(e)
x2.grad
v4 = v3.sum(dim=-1, keepdim=True)
v4
v4.grad
v5 = v4.div(-1)
v6 = torch.div(v4, -1)
v7 = v6.reshape(1, -1)
v7
v8 = -1 / v3
try:
    v6.sum().backward()
except RuntimeError as e:
    print(e)
x2.grad
v9 = torch.cumsum(v3, dim=0)
v9
v10 = torch.rsqrt(v3)
v10
torch.manual_seed(0)
c11 = torch.randn((2, 1, 2))
v12 = v4 @ c11
v12
x13 = torch.tensor(-2.0, requires_grad=True)
