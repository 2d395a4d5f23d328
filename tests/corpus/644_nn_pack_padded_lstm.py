import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

torch.manual_seed(0)
lstm = nn.LSTM(input_size=3, hidden_size=4, batch_first=True)
x = torch.randn(3, 5, 3, requires_grad=True)
packed = pack_padded_sequence(x, [5, 3, 2], batch_first=True)
packed
packed.batch_sizes
packed.data.grad_fn
out, (h, c) = lstm(packed)
type(out).__name__
out.data
out.data.grad_fn
h.grad_fn
c
unpacked, lengths = pad_packed_sequence(out, batch_first=True)
unpacked
unpacked.grad_fn
lengths
(unpacked.sum() + h.sum() * 2 + c.pow(2).sum()).backward()
x.grad
lstm.weight_hh_l0.grad
lstm.bias_ih_l0.grad
