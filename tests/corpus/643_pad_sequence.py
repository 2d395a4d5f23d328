import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence
# batching sequences of different lengths with pad_sequence, then an LSTM over the batch
torch.manual_seed(0)
a = torch.randn(3, 2, requires_grad=True)
b = torch.randn(1, 2, requires_grad=True)
c = torch.randn(2, 2, requires_grad=True)
padded = pad_sequence([a, b, c])
print(padded.shape, padded.grad_fn.name())
print(padded)
first = pad_sequence([a, b, c], batch_first=True, padding_value=-1.0)
print(first)
left = pad_sequence([a, b, c], batch_first=True, padding_side='left')
print(left[1])
lstm = nn.LSTM(2, 3, batch_first=True)
out, (h, _) = lstm(first)
(out.sum() + h.sum()).backward()
print(a.grad)
print(b.grad)
print(c.grad)
ints = pad_sequence([torch.tensor([1, 2, 3]), torch.tensor([4])], batch_first=True)
print(ints, ints.dtype)
print(nn.utils.rnn.pad_sequence([torch.ones(2)]))
try:
    pad_sequence([])
except RuntimeError as e:
    print("RuntimeError:", e)
