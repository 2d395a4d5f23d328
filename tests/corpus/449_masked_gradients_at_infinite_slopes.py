# Where torch's backward is a where(mask, grad, 0) (relu, clamp, maximum/minimum, where,
# masked_fill): exact zeros, even under an infinite gradient from above (sqrt'(0)), and
# 0 * inf = nan with a slope below (log'(0)); at 3 elements and at 61 (one vectorized
# formula). The names come back with new shapes.
import torch
for n in (3, 61):
    x = torch.linspace(-3, 3, n, requires_grad=True)
    x.clamp(min=0).sqrt().sum().backward()
    z = torch.linspace(0, 3, n, requires_grad=True)
    z.log().relu().sum().backward()
    w = torch.linspace(-3, 3, n, requires_grad=True)
    w.relu().sqrt().sum().backward()
    v = torch.linspace(-3, 3, n, requires_grad=True)
    torch.where(v > 0, v.sqrt(), torch.zeros(n)).sum().backward()
    u = torch.linspace(-3, 3, n, requires_grad=True)
    torch.maximum(u, torch.zeros(n)).sqrt().sum().backward()
    t = torch.linspace(0, 3, n, requires_grad=True)
    y = t.log()
    (y.relu() + y * 2).sum().backward()
    s = torch.linspace(0, 3, n, requires_grad=True)
    s.log().clamp(-1, 1).sum().backward()
    r = torch.linspace(-1, 3, n, requires_grad=True)
    torch.where(r > 0, r, torch.zeros(n)).sqrt().sum().backward()
    q = torch.linspace(0, 3, n, requires_grad=True)
    q.log().masked_fill(q < 1, 0.0).sum().backward()
    p = torch.tensor([float("nan")] * n, requires_grad=True)
    p.clamp(0, 1).sum().backward()
    o = torch.linspace(-3, 3, n, requires_grad=True)
    torch.minimum(o.sqrt(), torch.ones(n)).sum().backward()
