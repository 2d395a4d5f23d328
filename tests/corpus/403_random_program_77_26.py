import torch
torch.manual_seed(28)
x1 = torch.rand((3, 2), requires_grad=True)
x1.grad = None
try:
    x1.fill_(-0.5)
except RuntimeError as e:
    print(e)
x1
if x1.grad is not None:
    x1.grad.zero_()
with torch.no_grad():
    x1.sub_(-1)
x1
x2 = torch.tensor(1.25, requires_grad=True)
v3 = torch.norm(x1)
v3
try:
    x1.fill_(-0.5)
except RuntimeError as e:
    print(e)
