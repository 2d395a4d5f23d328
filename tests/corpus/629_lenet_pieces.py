import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
conv1 = nn.Conv2d(1, 6, 5)
conv2 = nn.Conv2d(6, 16, 5)
input = torch.randn(1, 1, 32, 32)
c1 = F.relu(conv1(input))
print(c1.shape)
s2 = F.max_pool2d(c1, (2, 2))
print(s2.shape)
c3 = F.relu(conv2(s2))
print(c3.shape)
s4 = F.max_pool2d(c3, 2)
print(s4.shape)
s4.grad_fn
f5 = torch.flatten(s4, 1)
print(f5.shape)
f5.grad_fn
conv1.weight.grad
s4.sum().backward()
conv1.bias.grad
conv2.bias.grad
conv1.weight.grad[0, 0]
# torch.nn.functional names exist on torch too
torch.max_pool2d(c1, 2).shape
torch.max_pool1d(torch.randn(1, 4, 6), 2).shape
