import torch
import torch.nn as nn
# a 2-layer bidirectional RNN: output concatenates directions, h_n is (layers*2, batch, hidden)
torch.manual_seed(7)
rnn = nn.RNN(input_size=3, hidden_size=2, num_layers=2, bidirectional=True)
rnn
len(list(rnn.parameters()))
rnn.weight_ih_l1.shape
x = torch.randn(4, 3, 3)
h0 = torch.zeros(4, 3, 2)
out, hn = rnn(x, h0)
out.shape
hn.shape
out
hn.view(2, 2, 3, 2)[-1]
out.sum().backward()
rnn.weight_hh_l1_reverse.grad
