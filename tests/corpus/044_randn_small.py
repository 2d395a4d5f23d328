import torch
torch.manual_seed(0)
torch.randn(10)
torch.manual_seed(0)
a = torch.randn(1)
b = torch.randn(1)
a, b
torch.manual_seed(1)
w = torch.randn(3, 2, requires_grad=True)
w
(w ** 2).sum().backward()
torch.allclose(w.grad, 2 * w)
torch.manual_seed(42)
torch.randn(2, 2)
