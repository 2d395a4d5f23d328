import torch
import torch.nn as nn
# unbatched (seq, feature) inputs: outputs and states without the batch dim
torch.manual_seed(2)
x = torch.randn(5, 3)
rnn = nn.RNN(3, 4, nonlinearity='relu')
out, h = rnn(x)
out.shape
h.shape
h
out.grad_fn
lstm = nn.LSTM(3, 4, num_layers=2)
out, (h, c) = lstm(x)
out.shape
c.shape
h.grad_fn
out, (h, c) = lstm(x, (torch.zeros(2, 4), torch.ones(2, 4)))
h
gru = nn.GRU(3, 4, batch_first=True)
o, h = gru(x, torch.zeros(1, 4))
o.shape
try:
    gru(x, torch.zeros(1, 1, 4))
except RuntimeError as e:
    print(e)
try:
    lstm(x, (torch.zeros(2, 4), torch.zeros(2, 1, 4)))
except RuntimeError as e:
    print(e)
