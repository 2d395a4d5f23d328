import torch
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
ops = []
y = x * 2
y.add_(1)
ops.append(y.grad_fn)
y.sub_(0.5)
ops.append(y.grad_fn)
y.mul_(x)
ops.append(y.grad_fn)
y.div_(2)
ops.append(y.grad_fn)
y.pow_(2)
ops.append(y.grad_fn)
y.clamp_(0, 5)
ops.append(y.grad_fn)
y.neg_()
ops.append(y.grad_fn)
y.exp_()
ops.append(y.grad_fn)
ops
y.sum().backward()
x.grad
