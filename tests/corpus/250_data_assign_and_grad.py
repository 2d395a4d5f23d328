import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.data
w.data.requires_grad
w.data = torch.tensor([5.0, 6.0])
w
w.is_leaf
(w * w).sum().backward()
w.grad
w.data.zero_()
w
w.grad
try:
    w.data = [1.0, 2.0]
except TypeError as e:
    print(e)
