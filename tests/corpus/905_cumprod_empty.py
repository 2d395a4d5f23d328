import torch
# cumprod's backward over an empty tensor (empty along dim, or along another dim) or one element: torch passes the grad on as it is
for shape, dim in [((0,), 0), ((3, 0), 1), ((3, 0), 0), ((0, 3), 1), ((0, 3), 0), ((1,), 0), ((1, 1), -1)]:
    x = torch.ones(shape, requires_grad=True)
    y = torch.cumprod(x, dim)
    print(y)
    (y * 2).sum().backward()
    print(x.grad)
e = torch.zeros(2, 0, requires_grad=True)
(g,) = torch.autograd.grad(e.cumprod(1).sum(), e, create_graph=True)
g
try:
    g.sum().backward()  # (the ones sum's backward expands do not require grad)
except RuntimeError as err:
    print(err)
x = torch.tensor([[2.0, 0.0, -3.0]], requires_grad=True)
(g,) = torch.autograd.grad(x.cumprod(0).pow(2).sum(), x, create_graph=True)
g
g.sum().backward()
x.grad
