import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * 2).sum()
torch.autograd.grad(y, x, retain_graph=True)
torch.autograd.grad(y, x)
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print(str(e)[:46])
s = (x + 1).sum()
torch.autograd.grad(s, x)
torch.autograd.grad(s, x)
torch.autograd.grad(y, y)
torch.autograd.grad(torch.ones(2).sum(), x)
