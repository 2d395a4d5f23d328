import torch
torch.manual_seed(4)


def tree(fn):
    if fn is None:
        return None
    return [type(fn).__name__] + [tree(f) for f, _ in fn.next_functions]


x = torch.randn(2, 3, requires_grad=True)
A = torch.randn(3, 4, requires_grad=True)
y = torch.randn(2, 4, requires_grad=True)
f = torch.einsum("bi,ij,bj->b", x, A, y)
f
f.grad_fn
tree(f.grad_fn)
[type(g).__name__ for g, _ in f.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0].next_functions]
(f * torch.tensor([1.0, -1.5])).sum().backward()
x.grad
A.grad
y.grad
g = torch.einsum("bi,ij,bj->b", [x, A, y])
torch.equal(f, g)
