import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 0.0, 2.0, -1.0], [3.0, -1.0, 0.5, 2.0], [0.0, 0.0, 1.5, 1.0]],
                 requires_grad=True)
w = torch.linspace(-1.0, 1.0, 12).view(3, 4)
a = x.flip(0) * w
b = torch.roll(x, 2) * w
c = x.roll(-1, 1).flip(-1).tanh()
d = torch.cumprod(x, dim=0) + x.cumprod(1)
e = torch.zeros(3, 4).scatter(0, torch.tensor([[2, 0, 1, 2], [0, 1, 2, 0]]), x[:2] * 3)
f = x.new_zeros(2, 4).index_add(0, torch.tensor([1, 0, 1]), x.sin())
g = F.normalize(x, dim=1) + F.normalize(x, p=1.0, dim=0)
h = torch.linalg.vector_norm(x) + torch.linalg.vector_norm(x, ord=1, dim=(0, 1), keepdim=True)
loss = (a + b + c + d * w + e.exp() + g * w).sum() + f.pow(2).sum() + h.sum()
loss.backward()
print([t.grad_fn.name() for t in (a, b, d, e, f, g, h)])
print(loss)
print(x.grad)
y = torch.tensor([2.0, 0.0, -1.0, 0.5], requires_grad=True)
y.cumprod(0).sum().backward()
print(y.grad)
z = torch.arange(6.0).view(2, 3).requires_grad_()
s = torch.full((2, 3), 9.0).scatter(1, torch.tensor([[2], [0]]), 5.0)
print(s)
z.scatter(1, torch.tensor([[2], [0]]), 5.0).pow(2).sum().backward()
print(z.grad)
