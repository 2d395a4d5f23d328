import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pack_sequence

torch.manual_seed(0)
x = torch.randn(4, 3, 2)
try:
    pack_padded_sequence(x, [2, 4, 3])
except RuntimeError as e:
    print("unsorted:", e)
try:
    pack_padded_sequence(x, [4, 2])
except RuntimeError as e:
    print("count:", e)
try:
    pack_padded_sequence(x, [4, 0, 2], enforce_sorted=False)
except RuntimeError as e:
    print("zero:", e)
try:
    pack_padded_sequence(x, [3, 2, 2], batch_first=True)
except RuntimeError as e:
    print("batch_first:", e)
p = pack_padded_sequence(x, [4, 2, 2])
try:
    pad_packed_sequence(p, total_length=2)
except ValueError as e:
    print("total_length:", e)
rnn = nn.RNN(3, 2, nonlinearity="relu")
try:
    rnn(p)
except RuntimeError as e:
    print("input_size:", e)
rnn2 = nn.RNN(2, 2)
try:
    rnn2(p, torch.zeros(1, 2, 2))
except RuntimeError as e:
    print("hidden:", e)
out, h = rnn2(p, torch.zeros(1, 3, 2))
out.batch_sizes
h
pack_sequence([torch.ones(2), torch.ones(3)])
