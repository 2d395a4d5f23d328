# torch.select, Tensor.sum_to_size, torch.as_strided / as_strided_copy / as_strided_scatter, torch.fill, torch.frexp and the complex-number functions of a real tensor (real, conj, resolve_conj...): values, gradients, grad_fns, errors
import torch
x = torch.tensor([[0.5, -1.2, 2.0, 0.7], [1.5, 0.3, -0.7, 2.2], [0.9, -0.4, 1.1, -2.5]], requires_grad=True)
a = torch.select(x, 1, -1)
a
b = x.select(0, 2)
b
c = x.sum_to_size(1, 4)
c
d = x.sum_to_size(3, 1)
d
e = x.sum_to_size(4)
e
[t.grad_fn.name() for t in (a, b, c, d, e)]
x.sum_to_size(3, 4) is x
flat = torch.arange(1.0, 13.0, requires_grad=True)
v = torch.as_strided(flat, (3, 2), (1, 3), storage_offset=2)
v
w = flat.as_strided((2, 2, 2), (1, 1, 1))
w
k = torch.as_strided_copy(flat, (4,), (3,))
k
[t.grad_fn.name() for t in (v, w, k)]
s = torch.as_strided_scatter(flat.detach(), torch.full((2, 2), 7.0, requires_grad=True), (2, 2), (1, 4))
s
s.grad_fn
f = torch.fill(x, 2.5)
f
value = torch.tensor(0.75, requires_grad=True)
g = torch.fill(x, value)
g
m, ex = torch.frexp(x * 3)
m
ex
m.grad_fn
torch.real(x) is x
x.real is x
[torch.conj(x) is x, x.conj_physical() is x, x.resolve_conj() is x, torch.resolve_neg(x) is x]
[x.is_conj(), x.is_neg()]
loss = (a * a).sum() + b.exp().sum() + (c * d.sum()).sum() + e.sin().sum() + (m * m).sum() + (f * x).sum() + (g * x).sum()
loss.backward()
x.grad
value.grad
((v * v).sum() + (w * torch.arange(8.0).reshape(2, 2, 2)).sum() + k.pow(3).sum()).backward()
flat.grad
# a write through an as_strided view reaches its base
base = torch.zeros(6)
view = base.as_strided((3,), (2,))
view.add_(1)
base
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.select(x, 0, 3))
err(lambda: torch.select(torch.tensor(1.0), 0, 0))
err(lambda: x.sum_to_size(2, 4))
err(lambda: torch.as_strided(flat, (2, 2), (1, 2), 10))
err(lambda: torch.as_strided(flat, (2, 2), (1, -2)))
err(lambda: torch.as_strided(flat, (2,), (1, 1)))
err(lambda: torch.fill(x, torch.ones(2)))
err(lambda: torch.frexp(torch.tensor([1, 2])))
err(lambda: x.imag)
err(lambda: torch.imag(x))
