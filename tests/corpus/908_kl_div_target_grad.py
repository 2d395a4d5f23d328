import torch
import torch.nn.functional as F
# kl_div's target gets a gradient when it requires grad: torch composes xlogy(target, target) - target * input (XlogyBackward0: xlogy(grad, other), 0 where self is 0 and other <= 0, and grad * self / other: nan at a target of 0), or exp(target) * (target - input) for log_target; torch.xlogy with its number overloads (XlogyBackward1, XlogyBackward2), xlogy_ and its double backward
i = torch.tensor([[-1.0, -0.5, -2.0], [-0.3, -1.2, -0.7]], requires_grad=True)
t = torch.tensor([[0.2, 0.1, 0.7], [0.5, 0.25, 0.25]], requires_grad=True)
for reduction in ['batchmean', 'sum', 'mean', 'none']:
    i.grad = t.grad = None
    out = F.kl_div(i, t, reduction=reduction)
    print(reduction, out)
    out.sum().backward()
    print(i.grad, t.grad)
i.grad = t.grad = None
lt = F.kl_div(i, t.log(), reduction='sum', log_target=True)
lt
lt.backward()
t.grad
t.grad = None
loss = torch.nn.KLDivLoss(reduction='batchmean')
m = loss(i, t)
m
m.backward()
i.grad
t.grad
z0 = torch.tensor([[0.0, 0.3, 0.7]], requires_grad=True)
F.kl_div(i[:1], z0, reduction='sum').backward()
z0.grad
x = torch.tensor([0.0, 1.0, 2.0, 0.0, 0.5, 3.0], requires_grad=True)
y = torch.tensor([2.0, 0.0, 3.0, -1.0, 0.25, float('nan')], requires_grad=True)
z = torch.xlogy(x, y)
z
z.sum().backward()
x.grad
y.grad
a = torch.tensor([[1.0, 0.0], [2.0, 0.5]], requires_grad=True)
w = torch.tensor([2.0, 0.5], requires_grad=True)
s = torch.xlogy(a, w) * torch.xlogy(2.0, w) + a.xlogy(3) + torch.xlogy(a, 0.0)
s
s.sum().backward()
a.grad
w.grad
a.grad = w.grad = None
(g,) = torch.autograd.grad(torch.xlogy(a, w).sum(), w, create_graph=True)
g
g.sum().backward()
w.grad
torch.xlogy(torch.tensor([1, 0, 3]), torch.tensor([2, 3, 0]))
torch.xlogy(torch.tensor([1, 2]), 2.5)
c = torch.tensor([1.0, 0.0, 2.0])
c.xlogy_(torch.tensor(2.0))
c
try:
    torch.tensor([1, 2]).xlogy_(torch.tensor(2.0))
except RuntimeError as e:
    print(e)
