import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.double()
y
y.grad_fn
(y * y).sum().backward()
x.grad
x.grad.dtype
z = x.to(torch.float64).float()
z.grad_fn
x.float() is x
x.to(torch.float32) is x
x.long()
x.long().requires_grad
x.int().grad_fn
x.bool()
