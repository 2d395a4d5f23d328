# F.gaussian_nll_loss (var clamped under no_grad, also where the clamp bites; homoscedastic var), F.poisson_nll_loss and torch.poisson_nll_loss (log input or not, Stirling's term), F.triplet_margin_with_distance_loss (default and custom distance, swap), F.cosine_similarity (norms clamped to eps, also a norm under it), nn.PairwiseDistance and nn.CosineSimilarity: values, gradients, grad_fns, errors
import torch
import torch.nn.functional as F
_ = torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
t = torch.randn(3, 4)
v = torch.rand(3, 4, requires_grad=True)
a = F.gaussian_nll_loss(x, t, v)
a
b = F.gaussian_nll_loss(x, t, v[:, 0], full=True, reduction='none')
b
c = F.gaussian_nll_loss(x, t, 0.5, reduction='sum')
c
d = F.poisson_nll_loss(x, t.abs())
d
e = F.poisson_nll_loss(v, t.abs() * 3, log_input=False, full=True, reduction='none')
e
f = torch.poisson_nll_loss(x, t.abs() * 3, True, True, 1e-8, 2)
f
p, n = torch.randn(3, 4, requires_grad=True), torch.randn(3, 4, requires_grad=True)
g = F.triplet_margin_with_distance_loss(x, p, n)
g
h = F.triplet_margin_with_distance_loss(x, p, n, distance_function=lambda a, b: 1 - F.cosine_similarity(a, b), margin=0.5, swap=True, reduction='none')
h
h.grad_fn
pd = torch.nn.PairwiseDistance(p=1.0, keepdim=True)
pd
q = F.triplet_margin_with_distance_loss(x, p, n, distance_function=pd, reduction='sum')
q
cs = torch.nn.CosineSimilarity(dim=0)
cs
r = cs(x, p)
r
y = torch.tensor([1.0, 2.0, -1.0, 0.5], requires_grad=True)
k = F.cosine_similarity(x, y)
k
k.grad_fn
m = torch.cosine_similarity(x, x * 2, dim=0, eps=1e-3)
m
(a + b.sum() + c + d + e.sum() + f + g + h.sum() + k.sum() + m.sum() + q + r.sum()).backward()
x.grad
v.grad
y.grad
p.grad
n.grad
small = torch.tensor([[1e-8, 0.5], [2.0, 0.0]], requires_grad=True)
u = F.gaussian_nll_loss(x[:2, :2], t[:2, :2], small)
u
tiny = torch.full((2, 3), 1e-5, requires_grad=True)
s = F.cosine_similarity(tiny, x[:2, :3], eps=1e-3)
s
(u + s.sum()).backward()
small.grad
tiny.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.gaussian_nll_loss(x, t, -v))
err(lambda: F.gaussian_nll_loss(x, t, v[:2]))
err(lambda: F.gaussian_nll_loss(x, t, 1))
err(lambda: F.poisson_nll_loss(x, t, reduction='avg'))
err(lambda: F.triplet_margin_with_distance_loss(x, p, n[0]))
err(lambda: F.triplet_margin_with_distance_loss(x, p, n, margin=0))
err(lambda: F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([1, 2])))
err(lambda: F.cosine_similarity(torch.randn(3), torch.randn(3)))
err(lambda: F.cosine_similarity(x, torch.randn(2, 4)))
