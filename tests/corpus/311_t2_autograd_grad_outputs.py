import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
torch.autograd.grad(y, x, grad_outputs=torch.tensor([1.0, 0.0, 2.0]), retain_graph=True)
torch.autograd.grad([y.sum(), (x * 3).sum()], x, retain_graph=True)
torch.autograd.grad(y, [x], torch.ones(3), retain_graph=True)
torch.autograd.grad(outputs=y.sum(), inputs=x)
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
torch.autograd.grad(a * b, [a, b])
h = x * 2
torch.autograd.grad((h ** 2).sum(), h)
torch.autograd.backward([(x * 2).sum(), (x * 3).sum()])
x.grad
