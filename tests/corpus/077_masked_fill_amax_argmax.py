import torch
x = torch.tensor([[1.0, 5.0, 5.0], [4.0, 2.0, 0.0]], requires_grad=True)
mask = x > 3
mask
y = x.masked_fill(mask, 0.0)
y
y.grad_fn
torch.amax(x, dim=1)
x.amax()
x.amax(dim=0, keepdim=True)
x.argmax()
x.argmax(dim=1)
torch.argmax(x, dim=0, keepdim=True)
x.argmax().requires_grad
(y.sum() + x.amax()).backward()
x.grad
x.grad = None
x.amax(dim=1).sum().backward()
x.grad
