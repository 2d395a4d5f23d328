import torch
# One-hot labels by scatter_ and sums by index_add_, in place, as real programs write them
x = torch.zeros(3, 4, requires_grad=True)
src = torch.arange(1.0, 13.0).reshape(3, 4).requires_grad_()
y = x * 1
y.index_add_(0, torch.tensor([0, 2, 0]), src)
y
(y * torch.arange(12.0).reshape(3, 4)).sum().backward()
x.grad
src.grad
labels = torch.tensor([[1], [0], [3]])
one_hot = torch.zeros(3, 4).scatter_(1, labels, 1)
one_hot
z = x * 2
z.scatter_(1, labels, src[:, :1])
z
(z ** 2).sum().backward()
src.grad
torch.zeros(3).index_add_(0, torch.tensor([5]), torch.ones(1))
