# torch.index_put (index tensors, a bool mask, broadcast values, accumulate with repeated indices): values, gradients, errors
x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], requires_grad=True)
v = torch.tensor([3.0, -2.0, 1.0], requires_grad=True)
a = torch.index_put(x, (torch.tensor([1]),), v)
a
b = x.index_put((torch.tensor([0, 0]), torch.tensor([1, 1])), v[:1] * 2, accumulate=True)
b
c = torch.index_put(x, (x > 0,), torch.tensor(7.0))
c
w = torch.linspace(0.5, 2.0, 6).reshape(2, 3)
((a * w).sum() + (b * b).sum() + (c * w).sum()).backward()
x.grad
v.grad
a.grad_fn
b.grad_fn
z = torch.zeros(2, 3)
z.index_put_((torch.tensor([1, 1]),), torch.ones(3), accumulate=True)
z
def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
err(lambda: torch.index_put(z, (torch.tensor([5]),), torch.ones(3)))
err(lambda: torch.index_put(z, (torch.tensor([0]),), torch.ones(3).double()))
