# cummax, cummin (ties move the index on, nan stays), logcumsumexp (large values, -inf), exp2: values, indices, gradients, errors
import torch
x = torch.tensor([[0.5, -1.0, 2.0, 2.0], [1.5, 0.25, -0.5, 1.5]], requires_grad=True)
r = torch.cummax(x, 1)
r
m = x.cummin(0)
m
r.values.grad_fn
(r.values * torch.arange(4.0)).sum().backward()
x.grad
x.grad = None
(torch.cummin(x, -1)[0] ** 2).sum().backward()
x.grad
n = torch.tensor([1.0, float('nan'), 3.0, float('nan'), 0.0])
torch.cummax(n, 0)
torch.cummin(n, 0)
torch.cummax(torch.tensor([1, 3, 2, 3]), 0)
torch.cummax(torch.tensor(2.5), 0)
torch.cummin(torch.zeros(0, 3), 0)
y = torch.tensor([[0.5, -1.0, 2.0], [100.0, 101.0, -3.0]], requires_grad=True)
l = torch.logcumsumexp(y, 1)
l
(l * torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0]])).sum().backward()
y.grad
y.grad = None
l0 = y.logcumsumexp(0)
l0.sum().backward()
y.grad
torch.logcumsumexp(torch.tensor([float('-inf'), 0.0, float('-inf')]), 0)
torch.logcumsumexp(torch.tensor([1, 2, 3]), 0)
z = torch.tensor([0.5, -2.0, 3.0, 0.0], requires_grad=True)
e = torch.exp2(z)
e
e.sum().backward()
z.grad
torch.exp2(torch.tensor([1, 2, 10]))
torch.special.exp2(torch.tensor([0.5]))
w = torch.tensor([1.0, 2.0])
w.exp2_()
w
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.cummax(x, 2))
err(lambda: torch.logcumsumexp(x, 3))
err(lambda: torch.cummin(x))
