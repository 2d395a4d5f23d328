import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y[0] = 1
y.grad_fn
y = x * 2
y[:] = 1
y.grad_fn
y = x * 2
y[...] = torch.tensor(5.0)
y.grad_fn
y = x * 2
y[:] = x * 3
y.grad_fn
y = x * 2
y[[0, 2]] = 0.0
y.grad_fn
y = x * 2
y[y > 3] = 0.0
y.grad_fn
y
y = x * 2
y[1:] = x[:2] * 10
y
y.grad_fn
y.grad_fn.next_functions
y.sum().backward()
x.grad
