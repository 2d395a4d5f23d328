import torch
torch.manual_seed(33)
x1 = torch.rand((), requires_grad=True)
c2 = torch.tensor(-2.0)
v3 = torch.minimum(x1, c2)
v4 = v3.expand(2)
v5 = x1.sin()
v6 = x1.detach()
v6
v3.retain_grad()
if x1.grad is not None:
    with torch.no_grad():
        x1 -= 0.5 * x1.grad
x1
