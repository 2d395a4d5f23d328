# select/slice/diagonal_scatter, diag_embed, index_copy, index_fill (number, 0-d tensor, repeated indices), scatter_add: values, grad_fns, gradients, errors
import torch
x = torch.tensor([[0.5, -1.0, 2.0, 2.0], [1.5, 0.25, -0.5, 1.5], [1.0, 2.0, 3.0, 4.0]], requires_grad=True)
s = torch.tensor([1.0, -2.0, 0.5, 3.0], requires_grad=True)
a = torch.select_scatter(x, s, 0, -1)
a
b = torch.slice_scatter(x, s[:2].reshape(1, 2).expand(3, 2), 1, 1, 4, 2)
b
c = torch.diagonal_scatter(x, s[:3], 1)
c
c2 = x.diagonal_scatter(s[:2], -1)
d = torch.diag_embed(x, 1, 0, 2)
d.shape
d2 = torch.diag_embed(s)
ic = torch.index_copy(x, 0, torch.tensor([2, 0]), torch.stack([s, s * 2]))
ic
f = x.index_fill(1, torch.tensor([0, 2]), -1.0)
f
v = torch.tensor(3.0, requires_grad=True)
f2 = torch.index_fill(x, 0, torch.tensor(1), v)
f2
sa = torch.scatter_add(x, 1, torch.tensor([[0, 0], [3, 1], [2, 2]]), torch.ones(3, 2) * s[:1])
sa
w = torch.linspace(0.5, 2.0, 12).reshape(3, 4)
(((a * w).sum() + (b * w).sum() + (c * c).sum() + c2.sum() + (d ** 2).sum() + d2.sum() + (ic * w).sum() + (f * w).sum() + (f2 * w).sum() + (sa * w).sum())).backward()
x.grad
s.grad
v.grad
a.grad_fn
f2.grad_fn
sa.grad_fn
y = torch.tensor(2.0, requires_grad=True)
torch.index_copy(y, 0, torch.tensor([0]), torch.tensor(3.0))
u = torch.tensor(1.5, requires_grad=True)
r = torch.index_fill(x.detach().requires_grad_(), 1, torch.tensor([2, 1, 2]), u)
r.sum().backward()
u.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
z = torch.zeros(3, 4)
err(lambda: torch.select_scatter(z, torch.ones(3), 0, 1))
err(lambda: torch.select_scatter(z, torch.ones(4), 0, 5))
err(lambda: torch.slice_scatter(z, torch.ones(2, 4), 0, 0, 1))
err(lambda: torch.slice_scatter(z, torch.ones(1, 4), 0, 0, 1, 0))
err(lambda: torch.diagonal_scatter(z, torch.ones(4)))
err(lambda: torch.diagonal_scatter(z, torch.ones(3), 0, 1, 1))
err(lambda: torch.index_copy(z, 0, torch.tensor([0]), torch.ones(2, 4)))
err(lambda: torch.index_copy(z, 0, torch.tensor([5]), torch.ones(1, 4)))
err(lambda: torch.index_copy(z, 0, torch.tensor([0.0]), torch.ones(1, 4)))
err(lambda: torch.index_copy(z, 0, torch.tensor([[0]]), torch.ones(1, 4)))
err(lambda: torch.index_copy(z, 0, torch.tensor([0]), torch.ones(1, 4).double()))
err(lambda: torch.index_copy(z, 0, torch.tensor(1), torch.ones(4)))
err(lambda: torch.diag_embed(torch.ones(2, 3), 0, 1, 1))
err(lambda: torch.diag_embed(torch.ones(2, 3), 0, 1, 3))
err(lambda: torch.diag_embed(torch.tensor(1.0)))
err(lambda: torch.scatter_add(z, 0, torch.tensor([[0, 1]]), torch.ones(1, 1)))
err(lambda: torch.scatter_add(z, 0, torch.tensor([[0, 5]]), torch.ones(1, 2)))
err(lambda: torch.scatter_add(z, 0, torch.tensor([[0.0, 1.0]]), torch.ones(1, 2)))
err(lambda: torch.index_fill(z, 0, torch.tensor([5]), 1.0))
err(lambda: torch.index_fill(z, 0, torch.tensor([1]), torch.ones(2)))
err(lambda: torch.index_fill(z, 0, torch.tensor([0.0]), 1.0))
err(lambda: torch.index_fill(z, 0, torch.tensor([[0]]), 1.0))
