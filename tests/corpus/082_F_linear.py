import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
W = torch.tensor([[0.1, 0.2], [0.3, -0.4]], requires_grad=True)
b = torch.tensor([0.5, -0.5], requires_grad=True)
y = F.linear(x, W, b)
y
y.grad_fn
F.linear(x, W).grad_fn
torch.allclose(y, x @ W.t() + b)
y.sum().backward()
W.grad
b.grad
F.linear(torch.tensor([1.0, 1.0]), W, b)
