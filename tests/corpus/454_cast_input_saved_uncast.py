# An op on a cast copy (float32 * float64) saves the input itself, as torch: a later write
# through .data shows in the gradient
import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
w = torch.tensor([1.0, 1.0], dtype=torch.float64, requires_grad=True)
y = x * w
x.data.mul_(10)
y.sum().backward()
print(w.grad, x.grad)
a = torch.tensor([1.5, -2.0], requires_grad=True)
b = torch.tensor([2, 3])
z = (a ** b.double()).sum()
z.backward()
print(a.grad)
h = torch.tensor([1.0, 2.0], dtype=torch.float16, requires_grad=True)
k = torch.tensor([0.5, 4.0], requires_grad=True)
(h * k).exp().sum().backward()
print(h.grad, k.grad)
