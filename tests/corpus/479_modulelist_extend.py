import torch
import torch.nn as nn
torch.manual_seed(0)
blocks = nn.ModuleList([nn.Linear(3, 3)])
blocks.extend([nn.Linear(3, 3) for _ in range(2)])
blocks.append(nn.Linear(3, 1))
seq = nn.Sequential(nn.Tanh())
seq.extend([nn.Linear(1, 2)])
len(blocks)
len(seq)
x = torch.randn(4, 3)
for b in blocks:
    x = torch.tanh(b(x))
y = seq(x).sum()
y.backward()
blocks[1].weight.grad
seq[1].weight.grad
blocks
