import torch
# torch.var_mean / std_mean (one node, VarMeanBackward0 / StdMeanBackward0, for both outputs; the unbiased, dim and correction forms), aminmax (torch.return_types.aminmax(min, max), AminmaxBackward0, ties share the gradient), nansum (NansumBackward0: no gradient to a nan) and nanmean (nansum / count: DivBackward0)
x = torch.tensor([[0.5, -1.2, 2.0, 2.0], [1.5, 0.3, -0.7, 0.3]], requires_grad=True)
v, m = torch.var_mean(x, 1)
v
m
torch.var_mean(x)
torch.var_mean(x, False)
torch.var_mean(x, [0, 1], True, True)
s, sm = torch.std_mean(x, dim=0, correction=0, keepdim=True)
s
sm
torch.std_mean(x, 1, unbiased=False)
mm = torch.aminmax(x)
mm
mm.min
mm.max
low, high = x.aminmax(dim=1, keepdim=True)
low
high
torch.aminmax(x, dim=-1)
torch.aminmax(torch.tensor(2.5), dim=0)
torch.aminmax(torch.tensor([[1, 5], [3, 2]]), dim=0)
n = torch.tensor([[1.0, float('nan'), 2.0], [float('nan'), 4.0, 3.0]], requires_grad=True)
ns = torch.nansum(n, 1)
ns
n.nansum()
n.nansum(dim=(0, 1), keepdim=True)
torch.nansum(n, 0, dtype=torch.float64)
torch.nansum(torch.tensor([1, 2, 3]))
torch.nansum(torch.tensor([True, True, False]))
me = n.nanmean(dim=0)
me
torch.nanmean(n)
torch.nanmean(n, 1, True)
(v.sum() + m.sum() * 2 + s.sum() + sm.sum() * 3 + mm.min * 4 + mm.max + low.sum() + high.sum() * 5).backward()
x.grad
(ns.sum() + me.sum() * 2).backward()
n.grad
(g,) = torch.autograd.grad(torch.var_mean(x, 1)[0].sum(), x, create_graph=True)
g
g.sum().backward()
try:
    torch.var_mean(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
try:
    torch.std_mean(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
try:
    torch.nanmean(torch.tensor([1, 2]))
except RuntimeError as e:
    print(e)
try:
    torch.aminmax(torch.zeros(0))
except RuntimeError as e:
    print(e)
try:
    torch.aminmax(torch.zeros(2, 0), dim=1)
except IndexError as e:
    print(e)
try:
    torch.aminmax(x, dim=2)
except IndexError as e:
    print(e)
try:
    mm.values
except AttributeError as e:
    print(e)
torch.var_mean(torch.ones(1))
