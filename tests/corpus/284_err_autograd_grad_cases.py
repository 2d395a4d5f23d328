import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
torch.autograd.grad(y, x, retain_graph=True)
torch.autograd.grad(y, [x], retain_graph=True)
try:
    torch.autograd.grad(y, torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    torch.autograd.grad(x * 2, x)
except RuntimeError as e:
    print(e)
torch.autograd.grad(x * 2, x, grad_outputs=torch.tensor([1.0, 0.5]))
try:
    torch.autograd.grad(x * 2, x, grad_outputs=torch.ones(3))
except RuntimeError as e:
    print(e)
torch.autograd.grad(y, x)
try:
    torch.autograd.grad(y, x)
except RuntimeError as e:
    print(str(e)[:50])
c = torch.ones(2)
try:
    torch.autograd.grad(c.sum(), x)
except RuntimeError as e:
    print(e)
