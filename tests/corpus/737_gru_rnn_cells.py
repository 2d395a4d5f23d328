import torch
import torch.nn as nn
# GRUCell and RNNCell, batched and unbatched, with and without a hidden state
torch.manual_seed(5)
gru = nn.GRUCell(3, 4)
rnn = nn.RNNCell(3, 4, nonlinearity='relu')
print(gru, rnn)
print(nn.RNNCell(3, 4, bias=False))
x = torch.randn(2, 3)
h = gru(x)
h
h2 = gru(x, h)
h2
rnn(x)
rnn(x[0])
gru(x[0], torch.ones(4))
h2.sum().backward()
gru.weight_ih.grad
gru.bias_hh.grad
