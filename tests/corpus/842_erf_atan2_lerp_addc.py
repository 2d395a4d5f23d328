import torch

x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], requires_grad=True)
p = torch.tensor([[0.8, 1.2, -2.0], [1.5, -0.3, 0.7]], requires_grad=True)
w = torch.tensor([0.2, 0.8, 0.5], requires_grad=True)
a = torch.erf(x) * 3 + x.erfc()
b = torch.atan2(x, p) + torch.arctan2(p, x * 2)
c = torch.lerp(x, p, 0.3) + x.lerp(p, w) + torch.lerp(p, x, 0.75)
d = torch.addcmul(x, p, w, value=0.5) + x.addcdiv(p, w + 1, value=-2) + torch.addcmul(w, x, p)
print(a, b, c, d, sep="\n")
print([t.grad_fn.name() for t in (torch.erf(x), x.erfc(), torch.atan2(x, p), torch.lerp(x, p, 0.3),
                                  x.lerp(p, w), torch.addcmul(x, p, w), x.addcdiv(p, w))])
loss = (a * b).sum() + (c * d).sum()
loss.backward()
print(loss)
print(x.grad, p.grad, w.grad, sep="\n")

# second derivatives (torch's formulas are differentiable ops)
z = torch.tensor([0.25, -0.8, 1.3], requires_grad=True)
q = torch.tensor([1.1, 0.4, -0.9], requires_grad=True)
(g,) = torch.autograd.grad((torch.erf(z) * torch.atan2(z, q)).sum(), z, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(z.grad, q.grad)
(h,) = torch.autograd.grad(torch.addcdiv(z, z, q, value=0.5).pow(2).sum() + z.erfc().sum(), q,
                           create_graph=True)
print(h)
h.sum().backward()
print(z.grad, q.grad)

# dtypes: ints become float for erf/atan2, addcmul promotes
i = torch.tensor([1, 2, -3])
print(torch.erf(i), torch.atan2(i, torch.tensor([2, -1, 1])), torch.addcmul(i, i, i, value=2))
print(torch.addcmul(torch.ones(3), i, i.double()), torch.lerp(torch.zeros(3), torch.ones(3), w))
print(torch.erf(torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan")])))
print(torch.atan2(torch.tensor([0.0, -0.0, 0.0, -0.0]), torch.tensor([0.0, 0.0, -0.0, -0.0])))

# second derivatives through lerp (both weights) and addcmul
w3 = torch.tensor([0.3, 0.9, 0.5], requires_grad=True)
z.grad = q.grad = None
a2, b2, c2 = torch.autograd.grad(
    (torch.lerp(z, q, w3) ** 2).sum() + (torch.lerp(z * q, q, 0.7) ** 3).sum()
    + torch.addcmul(z, q, w3, value=2.5).pow(2).sum(), (z, q, w3), create_graph=True)
print(a2, b2, c2)
(a2.sum() + b2.sum() * 2 + c2.sum() * 3).backward()
print(z.grad, q.grad, w3.grad)
