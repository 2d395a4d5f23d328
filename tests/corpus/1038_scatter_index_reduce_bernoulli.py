# torch.scatter_reduce and index_reduce (sum, prod, mean, amax, amin; with and without self) and torch.bernoulli / bernoulli_ (torch's draws): values, gradients, grad_fns, errors
import torch
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
src = torch.tensor([[0.5, -1.0, 2.0, 3.0], [1.5, 2.5, -0.5, 4.0]], requires_grad=True)
index = torch.tensor([[0, 1, 0], [2, 2, 1]])
scattered = [torch.scatter_reduce(x, 1, index, src, r, include_self=inc)
             for r in ("sum", "prod", "mean", "amax", "amin") for inc in (True, False)]
scattered
scattered[0].grad_fn
weights = torch.arange(6.0).reshape(2, 3)
err(lambda: sum((o * weights).sum() for o in scattered).backward())
x.grad
src.grad
# (above, src is larger than index: torch's backward cannot give it a gradient of its shape;
# one of index's shape can)
fitted = src[:, :3].detach().requires_grad_()
scattered = [torch.scatter_reduce(x, 1, index, fitted, r, include_self=inc)
             for r in ("sum", "prod", "mean", "amax", "amin") for inc in (True, False)]
sum((o * weights).sum() for o in scattered).backward()
x.grad
fitted.grad
x.grad = None
slots = torch.tensor([0, 2, 0, 1])
reduced = [x.index_reduce(1, slots, src, r, include_self=inc)
           for r in ("prod", "mean", "amax", "amin") for inc in (True, False)]
reduced
reduced[0].grad_fn
sum((o * weights).sum() for o in reduced).backward()
x.grad
src.grad
# ties share the gradient evenly
t = torch.tensor([1.0, 1.0, 0.0], requires_grad=True)
top = torch.zeros(2).scatter_reduce(0, torch.tensor([0, 0, 1]), t, "amax", include_self=False)
top
top.sum().backward()
t.grad
y = torch.zeros(3)
y.scatter_reduce_(0, torch.tensor([0, 0, 2]), torch.tensor([1.0, 2.0, 3.0]), "mean", include_self=False)
torch.zeros(3, dtype=torch.int64).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([3, 4]), "mean")
torch.manual_seed(0)
p = torch.tensor([0.2, 0.7, 0.5, 0.9, 0.05, 0.6], requires_grad=True)
draws = torch.bernoulli(p)
draws
(draws * 3).sum().backward()
p.grad
p.bernoulli()
torch.bernoulli(torch.full((2, 3), 0.5, dtype=torch.float64), generator=torch.Generator().manual_seed(3))
mask = torch.empty(2, 4).bernoulli_(0.3)
mask
torch.empty(2, 3).bernoulli_(torch.tensor([0.1, 0.5, 0.9]))
err(lambda: y.scatter_reduce(0, torch.tensor([0, 5]), torch.ones(2), "sum"))
err(lambda: y.scatter_reduce(0, torch.tensor([0, 1]), torch.ones(2), "median"))
err(lambda: y.index_reduce(0, torch.tensor([0, 1]), torch.ones(2), "sum"))
err(lambda: y.index_reduce(0, torch.tensor([0]), torch.ones(2), "prod"))
err(lambda: torch.bernoulli(torch.tensor([1.5])))
err(lambda: torch.bernoulli(torch.tensor([1, 0])))
err(lambda: torch.empty(2).bernoulli_(1.5))
