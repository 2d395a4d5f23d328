import torch
torch.manual_seed(2)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


m = torch.randn(3, 3, requires_grad=True)
tr = torch.einsum("ii->", m)
tr
tree(tr.grad_fn)
d = torch.einsum("ii->i", m)
d
tree(d.grad_fn)
plain = torch.zeros(3, 3)
view = torch.einsum("ii->i", plain)
view.add_(torch.tensor([1.0, 2.0, 3.0]))
plain
(tr * 3 + (d * torch.tensor([1.0, -2.0, 0.5])).sum()).backward()
m.grad
batch = torch.randn(2, 3, 3, requires_grad=True)
bd = torch.einsum("bii->bi", batch)
tree(bd.grad_fn)
torch.einsum("bii", batch)
bd.pow(2).sum().backward()
batch.grad[1]
