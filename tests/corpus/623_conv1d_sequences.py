import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
# a batch of 4 sequences, 3 features each, 10 steps
seq = torch.randn(4, 3, 10)
conv = nn.Conv1d(3, 8, kernel_size=3, padding=1)
print(conv)
print(conv.weight.shape, conv.bias.shape)
out = conv(seq)
print(out.shape)
out[0, :2]

# strided and dilated, no bias
down = nn.Conv1d(8, 4, 3, stride=2, dilation=2, bias=False)
print(down)
y = down(F.relu(out))
print(y.shape, y.grad_fn.name())
y.sum().backward()
print(conv.bias.grad)
print(down.weight.grad[0])

# a moving average filter written by hand
signal = torch.arange(8.0).reshape(1, 1, 8)
kernel = torch.full((1, 1, 3), 1 / 3, requires_grad=True)
smooth = F.conv1d(signal, kernel)
smooth
smooth.sum().backward()
kernel.grad

# unbatched input and torch.conv1d
x = torch.randn(2, 5, requires_grad=True)
w = torch.randn(3, 2, 2)
z = torch.conv1d(x, w, stride=1)
z.shape
(z ** 2).mean().backward()
x.grad
