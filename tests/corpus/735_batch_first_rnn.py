import torch
import torch.nn as nn
# batch_first=True: (batch, seq, feature) in and out; h_n stays (layers, batch, hidden)
torch.manual_seed(0)
rnn = nn.RNN(3, 5, batch_first=True)
rnn
x = torch.randn(2, 4, 3)
out, h = rnn(x)
out.shape
h.shape
out.grad_fn
out.is_contiguous()
flat = out.contiguous().view(-1, 5)
flat.grad_fn
flat.sum().backward()
rnn.weight_ih_l0.grad
gru = nn.GRU(3, 5, batch_first=True)
o, h = gru(x)
o.grad_fn
o[:, -1].sub(h[0]).abs().max()
lstm = nn.LSTM(3, 5, batch_first=True)
o, (h, c) = lstm(x)
o.grad_fn
o.shape
