import torch
w = torch.tensor([1.0, 1.0], requires_grad=True)
loss = ((w - 3) ** 2).sum()
loss.backward()
w.grad
with torch.no_grad():
    w -= 0.1 * w.grad
w
w.is_leaf, w.grad_fn, w.requires_grad
w.grad.zero_()
with torch.no_grad():
    w.mul_(2)
    w[0] = 7.0
w
