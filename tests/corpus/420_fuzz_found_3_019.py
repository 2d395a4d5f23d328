import torch
x1 = torch.tensor([[2.0, -1.5, -0.75], [-2.0, 0.5, -0.75]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
v3 = x1 + x2
v3
x1.grad
try:
    x1.sub_(0.5)
except RuntimeError as e:
    print(e)
x1
with torch.no_grad():
    x2 *= 1.5
x2
print(v3)
x2.grad = None
v4 = v3[[1, 0, 1]]
v5 = torch.mean(x1)
v5
c6 = torch.tensor(0.25)
v7 = 0.5 + x1
v7
x8 = torch.tensor([[[-0.5]]], requires_grad=True)
v9 = 2 + x1
v9
v10 = torch.log1p(x1)
v10
v11 = x8.view(-1)
v11
x2.grad = None
v3.grad
v9.grad_fn
v9.grad_fn.next_functions
