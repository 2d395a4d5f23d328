import torch
x = torch.tensor([1.0, 2.0])
w = torch.tensor([0.5, 0.5])
loss = (x * w).sum()
try:
    loss.backward()
except RuntimeError as e:
    print(e)
w.requires_grad_()
loss = (x * w).sum()
loss.backward()
w.grad
y = (x * w).detach().sum()
try:
    y.backward()
except RuntimeError as e:
    print(e)
idx = (x * w).argmax()
try:
    idx.backward()
except RuntimeError as e:
    print(e)
