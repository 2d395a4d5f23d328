import torch
x = torch.tensor([1.0, 1.0], requires_grad=True)
y = (x ** 2).sum()
x.data.add_(1)
y.backward()
x.grad
x.data
x.data.requires_grad
x.data.is_leaf
x.data = torch.tensor([3.0, 4.0])
x
x.is_leaf
x.requires_grad
w = torch.tensor([0.5], requires_grad=True)
for _ in range(3):
    loss = (w * 3 - 1) ** 2
    loss.backward()
    w.data -= 0.1 * w.grad.data
    w.grad.data.zero_()
w
w.grad
