import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x[0] ** 2 * x[1] + x[1] ** 3
g, = torch.autograd.grad(y, x, create_graph=True)
g
rows = []
for i in range(2):
    h, = torch.autograd.grad(g[i], x, retain_graph=True)
    rows.append(h)
torch.stack(rows)
