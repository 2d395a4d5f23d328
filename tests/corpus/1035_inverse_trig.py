# torch.asin, acos, atan, asinh, acosh, atanh, their arc* aliases and in-place methods: values, gradients, grad_fns, second derivatives, the domain's edges
import torch
x = torch.tensor([[0.1, -0.5, 0.9], [0.0, 0.75, -0.3]], requires_grad=True)
a = torch.asin(x)
a
b = x.acos()
b
c = torch.arcsinh(x * 3)
c
d = torch.atanh(x)
d
e = torch.arctan(x) + x.arcsin() + torch.arccos(x) + x.arctanh()
e
z = torch.tensor([1.5, 2.0, 3.0, 10.0], requires_grad=True)
f = z.acosh()
f
g = torch.arccosh(z)
[t.grad_fn.name() for t in (a, b, c, d, f, g, torch.atan(x), x.asinh())]
loss = (a * b).sum() + c.pow(2).sum() + d.sum() + e.sum() * 0.5
loss.backward()
x.grad
(f * g).sum().backward()
z.grad
# second derivatives: each backward formula is differentiable
y = torch.tensor([0.2, -0.4, 0.6], requires_grad=True)
(h,) = torch.autograd.grad((y.asin() + y.acos() * 2 + y.asinh() + y.atanh()).sum(), y, create_graph=True)
h
h.sum().backward()
y.grad
# in place, and ints become float
w = torch.tensor([0.3, -0.6])
w.asin_()
w.arccos_()
w
torch.asinh(torch.tensor([1, 2, -3]))
torch.atanh(torch.tensor([1.0, -1.0, 0.0, 2.0]))
torch.acos(torch.tensor([1.0, -1.0, 1.5]))
torch.acosh(torch.tensor([1.0, 0.5], dtype=torch.float64))
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.tensor([0, 1]).asin_())
err(lambda: torch.asin([0.5]))
err(lambda: y.acos_())
