import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w * torch.tensor([3.0, 4.0])).sum()
loss.backward()
w.data = w.data - 0.5 * w.grad.data
w
w.grad.data.zero_()
w.grad
w.data.fill_(7.0)
w
w.requires_grad
w.is_leaf
