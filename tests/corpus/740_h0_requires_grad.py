import torch
import torch.nn as nn
# a learned initial state: gradients reach h0 and c0
torch.manual_seed(0)
lstm = nn.LSTM(2, 3)
h0 = torch.zeros(1, 1, 3, requires_grad=True)
c0 = torch.zeros(1, 1, 3, requires_grad=True)
x = torch.randn(4, 1, 2)
out, (h, c) = lstm(x, (h0, c0))
(out.sum() + c.sum()).backward()
h0.grad
c0.grad
gru = nn.GRU(2, 3, num_layers=2)
g0 = torch.randn(2, 1, 3, requires_grad=True)
o, hn = gru(x, g0)
hn.sum().backward()
g0.grad
