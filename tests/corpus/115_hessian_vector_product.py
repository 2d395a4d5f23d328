import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
f = (x ** 3).sum() + (x[0] * x[1])
(g,) = torch.autograd.grad(f, x, create_graph=True)
g
v = torch.tensor([1.0, 0.0, 1.0])
(hv,) = torch.autograd.grad(g, x, grad_outputs=v, retain_graph=True)
hv
rows = [torch.autograd.grad(g[i], x, retain_graph=True)[0] for i in range(3)]
H = torch.stack(rows)
H
torch.allclose(H @ v, hv)
