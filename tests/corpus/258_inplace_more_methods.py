import torch
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 1
y.relu_()
y.grad_fn
y.sigmoid_()
y.grad_fn
y.tanh_()
y.grad_fn
y.sqrt_()
y.grad_fn
y.log_()
y.grad_fn
y.abs_()
y.grad_fn
y.sin_()
y.cos_()
y.grad_fn
y.sum().backward()
x.grad
z = x * 1
z.clamp_min_(0)
z.grad_fn
z.clamp_max_(2)
z.grad_fn
z.masked_fill_(z > 1, 7.0)
z.grad_fn
z.copy_(x * 3)
z.grad_fn
z.fill_(2.0)
z.grad_fn
z.zero_()
z.grad_fn
