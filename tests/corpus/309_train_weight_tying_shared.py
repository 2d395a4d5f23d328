import torch
W = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x = torch.tensor([1.0, -1.0])
h = W @ x
out = W.t() @ h
out.sum().backward()
W.grad
