import torch
x2 = torch.tensor(1.25, dtype=torch.float64, requires_grad=True)
v3 = x2.reshape(-1)
with torch.no_grad():
    x2.mul_(2.0)
v3.grad_fn
v5 = torch.unsqueeze(v3, -1).norm()
gs = torch.autograd.grad(v5, [x2], create_graph=True)
gs
y = torch.ones(2, 3, requires_grad=True)
w = y.clone()
r = w[0]
w.mul_(2)
g2 = torch.autograd.grad((r * r).sum(), [y], create_graph=True)
g2
