# renorm (p = 2, 1, 3, inf, 0.5; rows under maxnorm unchanged): values, gradients, errors
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [0.1, 0.2, 0.0]], requires_grad=True)
w = torch.tensor([[1.0, -0.5, 2.0], [0.25, 1.5, -1.0], [2.0, 1.0, 0.5]])
for p, dim, m in ((2, 0, 1.0), (1, 1, 1.5), (3.0, 0, 0.5), (float('inf'), 1, 1.2), (0.5, 0, 2.0)):
    r = torch.renorm(x, p, dim, m)
    print(r)
    (r * w).sum().backward()
    print(x.grad)
    x.grad = None
y = torch.tensor([[3.0, 4.0], [0.3, 0.4]], requires_grad=True)
r = y.renorm(2, 0, 1.0)
r
r.grad_fn
r.sum().backward()
y.grad
z = torch.tensor([[3.0, 4.0], [0.3, 0.4]])
z.renorm_(1, 1, 2.0)
z
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.renorm(x, 0, 0, 1.0))
err(lambda: torch.renorm(x, -1, 0, 1.0))
err(lambda: torch.renorm(x, 2, 0, -1.0))
err(lambda: torch.renorm(torch.ones(3), 2, 0, 1.0))
err(lambda: torch.renorm(x, 2, 2, 1.0))
