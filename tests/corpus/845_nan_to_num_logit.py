import torch

y = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5, -0.0, -2.5], requires_grad=True)
n = torch.nan_to_num(y)
print(n, n.grad_fn.name())
print(y.nan_to_num(1.0, 2.0, -3.0), torch.nan_to_num(y, posinf=9.0), y.nan_to_num(neginf=-1e3))
loss = (n.clamp(-10, 10) * torch.arange(6.0)).sum() + y.nan_to_num(0.5, 1.0, -1.0).pow(2).sum()
loss.backward()
print(loss, y.grad)
print(torch.nan_to_num(torch.tensor([float("nan"), 1e38, float("inf")], dtype=torch.float64)))
print(torch.nan_to_num(torch.tensor([1, 2])), torch.tensor([3.0, float("nan")]).nan_to_num_(7.0))

p = torch.tensor([[0.2, 0.5, 0.9], [0.05, 0.7, 0.35]], requires_grad=True)
l = torch.logit(p)
print(l, l.grad_fn.name(), p.logit(0.25), torch.logit(p, eps=0.1))
(l * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(p.grad)
p.grad = None
torch.logit(p, 0.25).pow(2).sum().backward()
print(p.grad)

# at and beyond the ends: inf, and nan where torch's derivative is undefined
q = torch.tensor([0.0, 1.0, 1.2, -0.1, 0.25, 0.75], requires_grad=True)
print(torch.logit(q), torch.logit(q, 0.25))
torch.logit(q, 0.25).sum().backward()
print(q.grad)

# second derivatives (torch's infinitely differentiable logit backward: a where)
r = torch.tensor([0.3, 0.6, 0.85], requires_grad=True)
(g,) = torch.autograd.grad(torch.logit(r).sum() + torch.logit(r, 0.2).pow(2).sum(), r,
                           create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(r.grad)
r.grad = None
(h,) = torch.autograd.grad((r.nan_to_num() ** 3).sum(), r, create_graph=True)
print(h)
h.sum().backward()
print(r.grad)
print(torch.logit(torch.tensor([1, 0])), torch.logit(torch.tensor([0.5], dtype=torch.float64)))
