import torch
torch.manual_seed(0)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


a = torch.randn(2, 3, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
y = torch.einsum("ij,jk->ik", a, b)
y
y.grad_fn
tree(y.grad_fn)
(y * torch.arange(8.0).view(2, 4)).sum().backward()
a.grad
b.grad
x = torch.randn(2, 3, 4, requires_grad=True)
w = torch.randn(2, 4, 5, requires_grad=True)
z = torch.einsum("bij,bjk->bik", x, w)
z.shape
tree(z.grad_fn)
z.pow(2).sum().backward()
x.grad
w.grad
q = torch.randn(2, 2, 3, 4, requires_grad=True)
k = torch.randn(2, 2, 5, 4, requires_grad=True)
scores = torch.einsum("bhqd,bhkd->bhqk", q, k)
scores.shape
scores.grad_fn
tree(scores.grad_fn)
torch.softmax(scores / 2.0, dim=-1)[..., 0].sum().backward()
q.grad[0, 1]
k.grad[1, 0]
swapped = torch.einsum("bhqd,bhkd->bhkq", q, k)
tree(swapped.grad_fn)
torch.allclose(swapped, scores.transpose(-1, -2))
ki = torch.einsum("ij,jk->ki", a, b)
tree(ki.grad_fn)
ki.sum().backward()
a.grad
