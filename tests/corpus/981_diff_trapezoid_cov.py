import torch
# torch.diff (narrow + sub, n times; prepend/append by cat; bool by xor; n=0 a copy), trapezoid / trapz / cumulative_trapezoid (as torch composes them: MulBackward1, DivBackward1, CumsumBackward0), cov (fweights, aweights, correction; SqueezeBackward0) and corrcoef (ClampBackward1), with torch's errors
x = torch.tensor([[0.5, -1.2, 2.0, 2.0], [1.5, 0.3, -0.7, 0.3]], requires_grad=True)
t = torch.tensor([0.0, 1.0, 3.0, 3.5], requires_grad=True)
a = torch.diff(x)
a
b = x.diff(n=2, dim=0, prepend=x[:1] * 2)
b
torch.diff(x, n=3, append=x)
torch.diff(x, 0)
torch.diff(torch.tensor([True, False, False]))
c = torch.trapezoid(x)
c
d = torch.trapz(x, t)
d
torch.trapezoid(x, dx=2)
torch.trapezoid(x, t.reshape(1, 4), dim=1)
torch.trapz(x, dim=0)
torch.trapezoid(torch.zeros(2, 0))
e = torch.cumulative_trapezoid(x)
e
f = torch.cumulative_trapezoid(x, t)
f
torch.cumulative_trapezoid(x, dx=0.5, dim=0)
torch.trapezoid(torch.tensor([1, 5, 10]))
m = torch.tensor([[1.0, 2.0, 4.0, 7.0], [0.5, -1.0, 2.5, 3.0], [2.0, 2.0, 1.0, 0.0]], requires_grad=True)
aw = torch.tensor([0.5, 1.0, 2.0, 1.5], requires_grad=True)
fw = torch.tensor([1, 2, 1, 3])
c1 = torch.cov(m)
c1
c2 = m.cov(correction=0, fweights=fw, aweights=aw)
c2
torch.cov(m, fweights=fw)
torch.cov(m, aweights=aw, correction=2)
torch.cov(m[0])
torch.cov(torch.tensor([[1, 2, 4], [0, 1, 1]]))
r = torch.corrcoef(m)
r
m.corrcoef()
torch.corrcoef(m[1])
(a.sum() + b.sum() + c.sum() + d.sum() * 2 + e.sum() + f.sum()).backward()
x.grad
t.grad
(c1.sum() + c2.sum() * 2 + (r * torch.tensor([[1.0, 2.0, 3.0]])).sum()).backward()
m.grad
aw.grad
torch.cov(torch.tensor([1.0]))
for bad in [lambda: torch.diff(torch.tensor(1.0)), lambda: torch.diff(x, -1),
            lambda: torch.diff(x, prepend=torch.ones(3, 1)), lambda: torch.diff(x, append=torch.ones(4)),
            lambda: torch.trapezoid(x, torch.ones(3)), lambda: torch.trapezoid(torch.tensor([True])),
            lambda: torch.cumulative_trapezoid(x, torch.ones(2)),
            lambda: torch.cov(torch.ones(2, 2, 2)), lambda: torch.cov(torch.ones(2, 3).bool()),
            lambda: torch.cov(m, fweights=torch.ones(4)), lambda: torch.cov(m, fweights=torch.tensor([1, 2])),
            lambda: torch.cov(m, fweights=torch.tensor([1, -2, 1, 1])), lambda: torch.cov(m, aweights=torch.tensor([1, 2, 1, 1])),
            lambda: torch.cov(m, fweights=torch.zeros(4, dtype=torch.long)),
            lambda: torch.corrcoef(torch.ones(1, 1, 1))]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
