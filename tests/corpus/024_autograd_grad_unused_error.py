import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.tensor([5.0], requires_grad=True)
c = torch.tensor([1.0, 1.0])
y = (x ** 2).sum()
try:
    torch.autograd.grad(y, [x, c], retain_graph=True)
except RuntimeError as e:
    print(e)
torch.autograd.grad(y, [x], retain_graph=True)
torch.autograd.grad(y, [x, z])
