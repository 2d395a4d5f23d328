# put (negative positions, accumulate, a 0-d tensor): values, gradients of self and source, errors
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
s = torch.tensor([[3.0, -2.0]], requires_grad=True)
a = x.put(torch.tensor([0, -1]), s)
a
b = torch.put(x, torch.tensor([[1, 1]]), s * 2, accumulate=True)
b
w = torch.linspace(0.5, 2.0, 6).reshape(2, 3)
((a * w).sum() + (b * b).sum()).backward()
x.grad
s.grad
y = torch.tensor(1.0, requires_grad=True)
c = y.put(torch.tensor([0]), torch.tensor([5.0]))
c
a.grad_fn
z = torch.zeros(2, 3)
z.put_(torch.tensor([1, 4]), torch.tensor([1.0, 2.0]), accumulate=True)
z
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: z.put(torch.tensor([0, 7]), torch.ones(2)))
err(lambda: z.put(torch.tensor([0, -7]), torch.ones(2)))
err(lambda: z.put(torch.tensor([0, 1]), torch.ones(3)))
err(lambda: z.put(torch.tensor([0.0, 1.0]), torch.ones(2)))
err(lambda: z.put(torch.tensor([0, 1]), torch.ones(2).double()))
err(lambda: torch.zeros(0).put(torch.tensor([0]), torch.ones(1)))
