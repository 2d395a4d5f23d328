import torch
x = torch.tensor([[1.0, 5.0, 5.0], [2.0, 0.0, 7.0]], requires_grad=True)
y = x.masked_fill(x > 4, 0.0)
y
y.grad_fn
y.sum().backward()
x.grad
x.grad = None
a = x.amax(dim=1)
a
a.grad_fn
a.sum().backward()
x.grad
x.grad = None
x.amax().backward()
x.grad
x.argmax()
x.argmax(dim=1)
torch.argmax(x, 0)
x.amax(dim=(0, 1))
torch.amax(x, 0, keepdim=True)
torch.masked_fill(x, torch.tensor([[True, False, False], [False, False, True]]), -1.0)
