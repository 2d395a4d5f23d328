# nn.Bilinear big enough that _trilinear sums its float64 product a slice at a time (150 rows x 8 outputs x 48 x 48 > 2**21), forward and every gradient
import torch
import torch.nn as nn
torch.manual_seed(0)
b = nn.Bilinear(48, 48, 8)
x1 = torch.randn(150, 48, requires_grad=True)
x2 = torch.randn(150, 48, requires_grad=True)
y = b(x1, x2)
y[:2]
y.sum()
(y * y).sum().backward()
x1.grad[:2, :4]
x2.grad[-1, -4:]
b.weight.grad[0, :2, :4]
b.weight.grad.sum()
b.bias.grad
