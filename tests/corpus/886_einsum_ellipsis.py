import torch
torch.manual_seed(5)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


a = torch.randn(2, 3, 4, requires_grad=True)
b = torch.randn(4, 5, requires_grad=True)
c = torch.einsum("...ij,...jk->...ik", a, b)
c.shape
tree(c.grad_fn)
c.sum().backward()
a.grad[1]
b.grad
d = torch.randn(2, 1, 3, 4, requires_grad=True)
e = torch.randn(5, 4, 2, requires_grad=True)
r = torch.einsum("...ij,...jk->...ik", d, e)
r.shape
tree(r.grad_fn)
r.pow(2).mean().backward()
d.grad[0, 0]
e.grad[4]
s = torch.einsum("b...->...", a)
s.shape
tree(s.grad_fn)
torch.einsum("...i", a).shape
