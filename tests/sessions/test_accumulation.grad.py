# .grad accumulates across backward() calls until it is zeroed.
import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
(w * 3).sum().backward()
(w * 3).sum().backward()
assert w.grad.tolist() == [6.0, 6.0]
w.grad.zero_()
(w * w).sum().backward()
assert w.grad.tolist() == [2.0, -4.0]
