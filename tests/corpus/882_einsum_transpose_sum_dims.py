import torch
torch.manual_seed(1)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


a = torch.randn(3, 4, requires_grad=True)
t = torch.einsum("ij->ji", a)
t
t.grad_fn
t.is_contiguous()
total = torch.einsum("ij->", a)
total
tree(total.grad_fn)
cols = torch.einsum("ij->j", a)
cols
tree(cols.grad_fn)
implicit = torch.einsum("ij", a)
implicit.grad_fn
(t.sum() + 2 * total + (cols * torch.arange(4.0)).sum() + implicit[0, 1]).backward()
a.grad
