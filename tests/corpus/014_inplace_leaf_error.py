import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.add_(1)
except RuntimeError as e:
    print(e)
try:
    w[0] = 5.0
except RuntimeError as e:
    print(e)
w
w.is_leaf
w += 1
