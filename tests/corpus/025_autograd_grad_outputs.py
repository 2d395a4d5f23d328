import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
g = torch.autograd.grad(y, x, grad_outputs=torch.tensor([1.0, 0.0, 2.0]), retain_graph=True)
g
g2 = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=torch.ones_like(y))
g2[0]
y2 = x.exp()
torch.autograd.grad(y2, x, grad_outputs=torch.ones(2))
