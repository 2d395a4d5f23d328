import torch

# sort / argsort / msort / topk: values are a selection of the input, ties keep input order
x = torch.tensor([[1.0, 0.0, -0.0, float("nan"), 1.0, -2.0],
                  [3.0, float("inf"), 0.5, 0.5, -1.0, 0.5]], requires_grad=True)
s = torch.sort(x)
print(s)
print(s.values.grad_fn.name(), s.indices.dtype)
d = x.sort(dim=1, descending=True)
print(d.values, d.indices)
print(torch.sort(x, stable=True, descending=True).indices)
print(torch.argsort(x), x.argsort(dim=0, descending=True))
print(torch.msort(x.t()), x.t().msort().grad_fn.name())
values, indices = torch.sort(x, 0)
print(values, indices)

y = torch.tensor([[0.3, -1.2, 2.5, 0.7, -0.1], [1.1, 0.4, -0.6, 2.2, 0.9]], requires_grad=True)
w = torch.linspace(0.5, 2.0, 5)
top = y.topk(3)
print(top)
low = torch.topk(y, 2, dim=0, largest=False)
print(low.values, low.indices, low.values.grad_fn.name())
loss = (y.sort(1, True).values * w).sum() + (top.values ** 2).sum() + low.values.exp().sum() \
    + (y.msort() * torch.arange(5.0)).sum()
loss.backward()
print(loss)
print(y.grad)

# second derivatives through the selection
z = torch.tensor([0.5, -1.5, 2.0, 1.0], requires_grad=True)
(g,) = torch.autograd.grad((z.sort(descending=True).values ** 3 * torch.arange(1.0, 5.0)).sum(),
                           z, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(z.grad)
z.grad = None
(h,) = torch.autograd.grad((torch.topk(z, 2).values ** 3).sum(), z, create_graph=True)
print(h)
h.sum().backward()
print(z.grad)

# integers and bools sort too (no gradient)
print(torch.sort(torch.tensor([3, -1, 2, -1, 7])), torch.tensor([True, False, True]).sort())
print(torch.tensor([5, 1, 5, 2]).topk(2), torch.sort(torch.tensor(2.5)))

# topk's equal values come in the order torch's partial sort leaves them
t = torch.tensor([[3.0, 1.0, 3.0, 2.0, 3.0, 1.0, 2.0, 2.0, 1.0, 3.0, 0.5, 3.0],
                  [0.0, -0.0, 0.0, float("nan"), 1.0, float("nan"), 1.0, 1.0, -1.0, 0.0, 2.0, 2.0]],
                 requires_grad=True)
print(torch.topk(t, 4), t.topk(4, largest=False).indices, t.topk(5, sorted=False).indices)
print(t.t().topk(1, dim=0, largest=False), torch.topk(t, 3, sorted=False).values)
big = torch.arange(200.0).remainder(7).view(2, 100)
print(big.topk(1).indices, big.topk(3, largest=False, sorted=False).indices)
(torch.topk(t, 4).values * torch.arange(4.0)).nan_to_num().sum().backward()
print(t.grad)

# sort with stable=False (the default) is torch's std::sort: past 16 elements equal values
# are not kept in input order; stable=True keeps them
r = torch.tensor([float(i * 7 % 5) for i in range(20)] + [float("nan"), -0.0, 0.0],
                 requires_grad=True)
print(r.sort().indices, torch.sort(r, descending=True).indices, r.argsort())
print(torch.sort(r, stable=True).indices, r.argsort(descending=True, stable=True))
print(torch.msort(r.view(23, 1)).flatten(), torch.sort(r.detach().long()).indices)
(r.sort().values * torch.linspace(-1.0, 1.0, 23)).nan_to_num().sum().backward()
print(r.grad)
