import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.tensor([3.0], requires_grad=True)
y = (x ** 2).sum()
try:
    torch.autograd.grad(y, [x, z])
except RuntimeError as e:
    print(e)
torch.autograd.grad(y, [x, z], allow_unused=True, retain_graph=True)
torch.autograd.grad(y, [x, z], materialize_grads=True)
c = torch.tensor([1.0])
try:
    torch.autograd.grad((x * 2).sum(), c)
except RuntimeError as e:
    print(e)
