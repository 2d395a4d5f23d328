import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.grad.zero_()
except AttributeError as e:
    print(e)
(w * w).sum().backward()
w.grad.zero_()
w.grad
w.grad = None
w.grad
print(w.grad)
