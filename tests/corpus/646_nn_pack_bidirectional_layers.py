import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_sequence, pad_packed_sequence, unpack_sequence

torch.manual_seed(2)
a = torch.randn(4, 2)
b = torch.randn(2, 2)
c = torch.randn(3, 2)
packed = pack_sequence([a, b, c], enforce_sorted=False)
packed
rnn = nn.GRU(2, 3, num_layers=2, bidirectional=True)
out, h = rnn(packed)
out.data.shape
h
h.grad_fn
padded, lens = pad_packed_sequence(out)
padded[:, 1]
lens
h.sum().backward()
rnn.weight_hh_l1_reverse.grad
rnn.bias_ih_l0.grad
lstm = nn.LSTM(2, 3, bidirectional=True, batch_first=True)
out2, (h2, c2) = lstm(pack_sequence([a, c, b]))
h2
c2
[t.shape for t in unpack_sequence(out2)]
unpack_sequence(out2)[2]
