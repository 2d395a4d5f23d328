import torch
from torch.func import vjp, grad
# the torch.func.vjp docs examples
torch.manual_seed(0)
x = torch.randn([5])
f = lambda x: x.sin().sum()
(_, vjpfunc) = torch.func.vjp(f, x)
g = vjpfunc(torch.tensor(1.0))[0]
print(g)
assert torch.allclose(g, torch.func.grad(f)(x))
f = lambda x: (x.sin(), x.cos())
(_, vjpfunc) = torch.func.vjp(f, x)
vjps = vjpfunc((torch.ones([5]), torch.ones([5])))
print(vjps)
f = lambda x: {"first": x.sin(), "second": x.cos()}
(_, vjpfunc) = torch.func.vjp(f, x)
cotangents = {"first": torch.ones([5]), "second": torch.ones([5])}
vjps = vjpfunc(cotangents)
print(vjps)
x, y = torch.randn([5, 4]), torch.randn([4, 5])
(out, vjpfunc) = torch.func.vjp(torch.matmul, x, y)
cotangents = torch.randn([5, 5])
vjps = vjpfunc(cotangents)
assert len(vjps) == 2
assert torch.allclose(vjps[0], torch.matmul(cotangents, y.transpose(0, 1)))
assert torch.allclose(vjps[1], torch.matmul(x.transpose(0, 1), cotangents))
print(out.shape, vjps[0].shape, vjps[1].shape)
x = torch.randn([5])
def f(x, scale=4.):
    return x * scale
(_, vjpfunc) = torch.func.vjp(f, x)
vjps = vjpfunc(torch.ones_like(x))
print(vjps)
out, fn, aux = vjp(lambda a: (a * 2, a + 1), x, has_aux=True)
print(out, fn(torch.ones(5)), aux)
