import torch
x = torch.zeros(0, requires_grad=True)
try:
    (x * 2).backward()
except RuntimeError as e:
    print(e)
z = torch.tensor([[2.0]], requires_grad=True)
(z * 3).backward()
z.grad
w = torch.tensor(2.0, requires_grad=True)
w.backward()
w.grad
v = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    v.backward()
except RuntimeError as e:
    print(e)
