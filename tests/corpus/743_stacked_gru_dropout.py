import torch
import torch.nn as nn
# a 3-layer GRU with dropout between layers: training vs eval
torch.manual_seed(0)
gru = nn.GRU(4, 4, num_layers=3, dropout=0.5)
gru
x = torch.randn(3, 2, 4)
gru.eval()
a, _ = gru(x)
b, _ = gru(x)
torch.equal(a, b)
gru.train()
c, h = gru(x)
c
h[0]
c.sum().backward()
gru.weight_ih_l2.grad.sum()
