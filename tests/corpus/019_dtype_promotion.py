import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], dtype=torch.float64, requires_grad=True)
c = a * b
c.dtype
c.sum().backward()
a.grad
b.grad
i = torch.tensor([3, 4])
i.dtype
(i * a).dtype
i * 2, i / 2, i + 0.5, i // 3
s = torch.tensor(2.0, dtype=torch.float64)
(a * s).dtype
(a + 1).dtype, (a * True).dtype, (2 ** a).dtype
torch.tensor([1, 2.5]).dtype
