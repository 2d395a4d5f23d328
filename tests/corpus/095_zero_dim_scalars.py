import torch
s = torch.tensor(3.0, requires_grad=True)
s
s.shape, s.dim(), s.numel()
y = s * s + 2 * s
y
y.backward()
s.grad
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = (v * s).sum()
out.backward()
s.grad, v.grad
s.backward()
s.grad
torch.tensor(2.0) + torch.tensor([1, 2])
(torch.tensor(2.0, dtype=torch.float64) * v).dtype
