import torch

# remainder and fmod: the divisor's gradient is -(a / b rounded): floor for remainder, trunc
# for fmod; a number as the divisor: *Backward0
a = torch.tensor([5.0, -5.0, 3.5, -7.25, 0.5, 9.0], requires_grad=True)
b = torch.tensor([3.0, 3.0, -2.0, -2.5, 4.0, -4.0], requires_grad=True)
for name, fn in (("remainder", torch.remainder), ("fmod", torch.fmod), ("%", lambda x, y: x % y),
                 ("method", lambda x, y: x.fmod(y))):
    a.grad = b.grad = None
    r = fn(a, b)
    print(name, r, r.grad_fn.name())
    (r * torch.arange(1.0, 7.0)).sum().backward()
    print(a.grad, b.grad)

print((a % 2).grad_fn.name(), torch.fmod(a, 2.5).grad_fn.name(), a.remainder(-1.5),
      torch.fmod(a, -1.5), (a % torch.tensor(2.0)).grad_fn.name())

# broadcasting: the divisor's gradient is summed back to its shape
x = torch.tensor([[1.5, -2.25, 7.0], [-0.5, 3.0, -8.5]], requires_grad=True)
d = torch.tensor([[2.0], [-3.0]], requires_grad=True)
s = torch.tensor(1.75, requires_grad=True)
(x % d + torch.fmod(x, s) * 2 + torch.remainder(x, s) ** 2).sum().backward()
print(x.grad, d.grad, s.grad)

# only the divisor requires grad
c = torch.tensor([2.5, -1.5, 4.0], requires_grad=True)
(torch.tensor([7.0, 7.0, -9.0]) % c).sum().backward()
print(c.grad)
c.grad = None
torch.fmod(torch.tensor([7.0, 7.0, -9.0]), c).sum().backward()
print(c.grad)

# a number % a tensor has no derivative in torch
r = 3 % c
print(r, r.grad_fn.name(), torch.remainder(2.5, c))
try:
    r.sum().backward()
except RuntimeError as e:
    print(e)

# in place
y = a * 1
y %= b
print(y.grad_fn.name())
z = a * 1
z.fmod_(b)
print(z.grad_fn.name(), z)
(y + z).sum().backward()

# second order: the divisor's gradient under create_graph
(gb,) = torch.autograd.grad((torch.fmod(a, b) * b).sum(), b, create_graph=True)
print(gb, gb.grad_fn.name())

# integers
i = torch.tensor([7, -7, 9])
print(i % 4, torch.fmod(i, 4), torch.fmod(i, torch.tensor([2, 3, -4])), i.fmod(2.5))
for bad in (lambda: torch.fmod(i, 0), lambda: torch.fmod(2, i), lambda: i.fmod_(2.5)):
    try:
        print(bad())
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)

# OpInfo's shapes: 0-d, broadcast both ways, empty
torch.manual_seed(0)
for sa, sb in (((), ()), ((5, 1), (5,)), ((10, 1, 5), (1, 10, 5)), ((0, 1, 3), (0, 10, 3))):
    p = torch.randn(sa, requires_grad=True)
    q = (torch.rand(sb) + 0.5).requires_grad_()
    for fn in (torch.remainder, torch.fmod):
        p.grad = q.grad = None
        out = fn(p * 4, q)
        out.sum().backward()
        print(out.shape, out.sum(), p.grad.sum(), q.grad.shape, q.grad.sum())
