# torch's *_copy functions (expand_copy, t_copy, unbind_copy, narrow_copy...): values in fresh memory, grad_fn names, gradients, errors
import torch
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
v = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
e = torch.expand_copy(v, (2, 3))
e
t = torch.t_copy(x)
t
p = torch.permute_copy(x, (1, 0))
tr = torch.transpose_copy(x, 0, 1)
vw = torch.view_copy(x, (3, 2))
vw
a = torch.alias_copy(x)
a
s = torch.squeeze_copy(x[:1])
s
s1 = torch.squeeze_copy(x[:1], 0)
u = torch.unsqueeze_copy(x, 1)
u.shape
d = torch.diagonal_copy(x, 1)
d
f = torch.unfold_copy(x, 1, 2, 1)
f
parts = torch.unbind_copy(x, 1)
parts
pieces = torch.split_with_sizes_copy(x, [2, 1], 1)
pieces
n = torch.narrow_copy(x, 1, 1, 2)
n
n2 = x.narrow_copy(0, 1, 1)
n2
a.add_(1.0)
x
(e * x).sum().backward()
x.grad
v.grad
x.grad = None
(t.sum() + (p * p).sum() + tr[0].sum() + (vw * vw).sum() + s.sum() + s1.sum() + u.sum() + d.sum() + (f * f).sum() + parts[1].sum() + (pieces[0] ** 3).sum() + n.sum() + n2.sum()).backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.expand_copy(v, (2, 2)))
err(lambda: torch.view_copy(x, (4, 2)))
err(lambda: torch.narrow_copy(x, 1, 2, 2))
err(lambda: torch.transpose_copy(x, 0, 2))
err(lambda: torch.unfold_copy(x, 1, 4, 1))
err(lambda: torch.split_with_sizes_copy(x, [1, 1], 1))
err(lambda: torch.diagonal_copy(x, 0, 1, 1))
