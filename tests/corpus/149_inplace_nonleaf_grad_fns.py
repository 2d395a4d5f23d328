import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.add_(1)
y.grad_fn
y.mul_(2)
y.sub_(1)
y.div_(2)
y.pow_(2)
y.clamp_(0, 10)
y.exp_()
y = x * 2
y.fill_(3)
y = x * 2
y.zero_()
y = x * 2
y.copy_(torch.ones(3))
y.grad_fn
y = x * 2
y[0] = 1
y.grad_fn
y = x * 2
y[:] = 1
y.grad_fn
y = x * 2
y.neg_()
y.sqrt_()
y.relu_()
