import torch
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
loss1 = (w * w).sum()
loss1.backward()
w.grad
w.grad.zero_()
w.grad
loss2 = (3 * w).sum()
loss2.backward()
w.grad
g = w.grad
loss3 = w.sum()
loss3.backward()
g
g is w.grad
