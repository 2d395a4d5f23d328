import torch
torch.manual_seed(6)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


m = torch.randn(3, 3, requires_grad=True)
n = torch.randn(3, 2, requires_grad=True)
r = torch.einsum("ii,ij->j", m, n)
r
tree(r.grad_fn)
[type(f).__name__ for f, _ in r.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0].next_functions]
(r * torch.tensor([2.0, -1.0])).sum().backward()
m.grad
n.grad
t = torch.randn(2, 3, 3, requires_grad=True)
w = torch.randn(3, requires_grad=True)
s = torch.einsum("bii,i->b", t, w)
s
tree(s.grad_fn)
s.sum().backward()
t.grad[0]
w.grad
torch.einsum("ij,jk", torch.ones(2, 3), torch.ones(3, 2))
