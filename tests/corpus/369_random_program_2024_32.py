import torch
x1 = torch.tensor([-0.25], requires_grad=True)
print(x1)
v2 = x1.min()
v2
v3 = torch.abs(v2)
v3
try:
    v2.sum().backward()
except RuntimeError as e:
    print(e)
v4 = torch.max(v2)
v4
v5 = torch.min(x1)
v5
x6 = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
c7 = torch.ones((1, 2))
v3.grad_fn
v4.retain_grad()
v3
v8 = v2.div(-0.5)
v8
v9 = v8.tanh()
v9
v10 = c7.prod()
v10
v11 = torch.relu(x1)
v11
x12 = torch.tensor(-2.0, requires_grad=True)
