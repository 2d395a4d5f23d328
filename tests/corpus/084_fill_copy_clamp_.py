import torch
x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
y = x * 1
y.clamp_(0, 1)
y.grad_fn
y.sum().backward()
x.grad
x.grad = None
z = x * 2
z.fill_(3)
z.grad_fn
w = x * 1
w.copy_(torch.tensor([9.0, 8.0, 7.0]))
w.grad_fn
(z.sum() + w.sum() + (x * 1).sum()).backward()
x.grad
t = torch.zeros(3)
t.fill_(2.5)
t.copy_(torch.tensor([1, 2, 3]))
t.clamp_(min=1.5)
