import torch
import torch.nn.functional as F

# cumsum, cumprod, max(dim) and min(dim) of a 0-d tensor: 0-d (dim 0 or -1)
s = torch.tensor(2.5, requires_grad=True)
c = torch.cumsum(s, 0)
c2 = torch.cumprod(s, dim=-1)
print(c, c.shape, c.grad_fn.name(), c2, c2.shape, s.cumsum(-1).shape)
(c * 2 + c2).backward()
print(s.grad)
m = torch.max(s, 0)
n = torch.min(s, dim=-1, keepdim=True)
print(m, n, m.values.grad_fn.name(), s.max(dim=0).indices.shape)
s.grad = None
(m.values * 3 + n.values).backward()
print(s.grad)
for bad in (lambda: torch.max(s, 1), lambda: s.min(dim=-2), lambda: torch.cumsum(s, 1)):
    try:
        print(bad())
    except IndexError as e:
        print(type(e).__name__, e)

# norm with p=0 counts the nonzeros; torch's backward gives no gradient (.grad stays None)
x = torch.tensor([0.5, 0.0, -2.0], requires_grad=True)
y = torch.norm(x, 0)
print(y, y.requires_grad, y.grad_fn.name())
y.backward()
print(x.grad)
(torch.norm(x, 0) + x.sum()).backward()
print(x.grad)
(g,) = torch.autograd.grad(torch.linalg.vector_norm(x * 2, 0) * 3, x, allow_unused=True)
print(g)
h = x * 1
h.retain_grad()
torch.norm(h, p=0, dim=0).backward()
print(h.grad, x.grad)

# scatter with an index smaller than src: the forward works, torch's backward refuses src
src = torch.arange(1.0, 11.0).reshape(2, 5).requires_grad_()
idx = torch.tensor([[0, 1, 2, 0]])
sc = torch.zeros(3, 5).scatter(0, idx, src)
print(sc, torch.zeros(3, 5).scatter(1, torch.tensor([[4], [0]]), src))
try:
    sc.sum().backward()
except RuntimeError as e:
    print(e)
base = torch.ones(3, 5, requires_grad=True)
base.scatter(0, idx, src.detach()).sum().backward()
print(base.grad)

# index_add: OpInfo's 0-d and 1-element samples
t = torch.tensor(1.5, requires_grad=True)
v = torch.tensor(2.0, requires_grad=True)
for alpha in (-1, 0, 2):
    t.grad = v.grad = None
    out = t.index_add(0, torch.tensor([0]), v, alpha=alpha)
    out.backward()
    print(out, out.shape, t.grad, v.grad)
a = torch.randn(5, 5, requires_grad=True)
b = torch.randn(5, 5, requires_grad=True)
out = a.index_add(-1, torch.tensor([4, 0, 2, 2, 1]), b, alpha=2)
(out * torch.arange(25.0).view(5, 5)).sum().backward()
print(a.grad, b.grad)

# unfold's backward on an empty batch
u = torch.randn(0, 2, 4, 4, requires_grad=True)
o = F.unfold(u, 2)
o.sum().backward()
print(o.shape, u.grad.shape)
