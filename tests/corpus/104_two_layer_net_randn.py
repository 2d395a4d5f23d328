import torch
torch.manual_seed(0)
W1 = torch.randn(2, 3, requires_grad=True)
W2 = torch.randn(3, 1, requires_grad=True)
x = torch.tensor([[1.0, -1.0]])
h = torch.tanh(x @ W1)
out = h @ W2
out
out.backward()
W1.grad
W2.grad
torch.allclose(W2.grad, h.t())
h.requires_grad, h.is_leaf
