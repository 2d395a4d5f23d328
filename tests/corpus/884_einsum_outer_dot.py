import torch
torch.manual_seed(3)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


u = torch.randn(3, requires_grad=True)
v = torch.randn(4, requires_grad=True)
o = torch.einsum("i,j->ij", u, v)
o
o.grad_fn
[type(f).__name__ for f, _ in o.grad_fn.next_functions]
(o * torch.arange(12.0).view(3, 4)).sum().backward()
u.grad
v.grad
p = torch.randn(3, requires_grad=True)
s = torch.einsum("i,i->", u, p)
s
tree(s.grad_fn)
s.backward()
p.grad
