# masked_scatter (a broadcast mask, more source than ones, in-place): values, gradients of self and source, errors
a = torch.zeros(3, requires_grad=True)
s = torch.arange(7.0).requires_grad_()
o = torch.masked_scatter(a, torch.tensor([[True, False, True], [False, True, True]]), s)
o
o.backward(torch.arange(6.0).reshape(2, 3))
a.grad
s.grad
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
m = x.masked_scatter(x > 0, s[:4] * 2)
m
(m * m).sum().backward()
x.grad
m.grad_fn
z = torch.zeros(2, 3)
z.masked_scatter_(torch.tensor([True, False, True]), torch.arange(1.0, 8.0))
z
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.masked_scatter(z, torch.ones(2, 3), torch.ones(6)))
err(lambda: torch.masked_scatter(z, torch.ones(2, 3).bool(), torch.ones(5)))
err(lambda: torch.masked_scatter(z, torch.ones(2, 3).bool(), torch.ones(6).double()))
err(lambda: torch.masked_scatter(z, torch.ones(2, 4).bool(), torch.ones(8)))
