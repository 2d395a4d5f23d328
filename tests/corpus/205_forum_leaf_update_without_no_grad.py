import torch
w = torch.tensor([1.0, -1.0], requires_grad=True)
loss = (w ** 2).sum()
loss.backward()
try:
    w -= 0.1 * w.grad
except RuntimeError as e:
    print(e)
try:
    w.sub_(0.1 * w.grad)
except RuntimeError as e:
    print(e)
w = w - 0.1 * w.grad
w.is_leaf
w.grad_fn
with torch.no_grad():
    w2 = torch.tensor([1.0, -1.0], requires_grad=True)
w2.requires_grad
w2.is_leaf
