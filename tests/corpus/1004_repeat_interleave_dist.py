# repeat_interleave (a number, a tensor of counts, one count, no dim; torch's composition) and dist (p = 2, 1, 3.5, inf, -1.5, broadcasting; p = 0's backward error): values, grad_fns, gradients, errors
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
a = torch.repeat_interleave(x, 2)
a
b = x.repeat_interleave(3, 1)
b
c = torch.repeat_interleave(x, torch.tensor([1, 0, 2]), 1)
c
d = x.repeat_interleave(torch.tensor([2]), dim=0)
d
torch.repeat_interleave(torch.tensor([1, 2, 3]))
torch.repeat_interleave(torch.tensor(2.0, requires_grad=True), 3)
(a.sum() + (b * b).sum() + (c ** 3).sum() + d.sum()).backward()
x.grad
a.grad_fn
c.grad_fn
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
y = torch.tensor([1.0, 0.25, 2.0], requires_grad=True)
for p in (2, 1, 3.5, float('inf'), -1.5):
    d = torch.dist(x, y, p)
    print(d)
    d.backward()
    print(x.grad, y.grad)
    x.grad = None
    y.grad = None
x.dist(y)
torch.dist(torch.tensor([1, 2]), torch.tensor([1.0, 3.0]))
z = torch.dist(x, torch.zeros(3), 0)
z
z.backward()
x.grad
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.dist(x, y.detach().requires_grad_(), 0).backward())
err(lambda: torch.dist(torch.tensor([1, 2]), torch.tensor([1, 3])))
err(lambda: torch.dist(torch.ones(2), torch.ones(3)))
err(lambda: torch.repeat_interleave(x, -1))
err(lambda: torch.repeat_interleave(x, torch.tensor([1, 2]), 1))
err(lambda: torch.repeat_interleave(x, torch.tensor([[1, 2]]), 1))
err(lambda: torch.repeat_interleave(torch.tensor([1, -2])))
err(lambda: torch.repeat_interleave(torch.tensor([1.0, 2.0])))
err(lambda: torch.repeat_interleave(torch.tensor([1, 2]), output_size=4))
err(lambda: torch.repeat_interleave(x, 2, 3))
