import torch
a = torch.tensor([1.0, 2.0, 3.0])
b = a + 1e-7
torch.equal(a, b)
torch.allclose(a, b)
torch.allclose(a, a + 0.1)
torch.allclose(a, a + 0.1, atol=0.2)
torch.equal(a, torch.tensor([1.0, 2.0, 3.0]))
torch.equal(a, torch.tensor([1.0, 2.0]))
x = torch.tensor([0.5, 1.5], requires_grad=True)
(x ** 3).sum().backward()
torch.allclose(x.grad, 3 * x ** 2)
torch.equal(x.grad, torch.tensor([0.75, 6.75]))
