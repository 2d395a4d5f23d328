import torch
torch.manual_seed(1)
a = torch.rand(3)
torch.manual_seed(1)
b = torch.rand(3)
torch.equal(a, b)
torch.manual_seed(123)
torch.randn(2)
torch.randn(2)
torch.rand(1)
torch.manual_seed(7)
torch.rand(2, 2, dtype=torch.float64)
torch.initial_seed()
x = torch.randn(3, requires_grad=True)
x
y = (x ** 2).sum()
y.backward()
x.grad
torch.allclose(x.grad, 2 * x)
