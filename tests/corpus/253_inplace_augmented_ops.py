import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
y += 2
y.grad_fn
y -= 1
y.grad_fn
y *= x
y.grad_fn
y /= 4
y.grad_fn
y **= 2
y.grad_fn
y //= 1
y.grad_fn
z = x * 3
z %= 2
z.grad_fn
z.sum().backward()
x.grad
i = torch.tensor([5, 9])
i += 1
i
i //= 2
i
i %= 3
i
