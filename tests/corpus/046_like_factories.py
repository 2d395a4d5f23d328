import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
torch.ones_like(x)
torch.zeros_like(x)
torch.full_like(x, 0.5)
torch.ones_like(x, requires_grad=True)
i = torch.tensor([1, 2, 3])
torch.zeros_like(i)
torch.full_like(i, 9)
torch.ones_like(i, dtype=torch.float32)
g = torch.ones_like(x)
y = x * 3
y.backward(g)
x.grad
