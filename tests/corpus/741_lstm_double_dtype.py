import torch
import torch.nn as nn
# a float64 LSTM: the composite path, so other grad_fns
torch.manual_seed(0)
lstm = nn.LSTM(3, 2, dtype=torch.float64)
lstm.weight_ih_l0.dtype
x = torch.randn(3, 2, 3, dtype=torch.float64)
out, (h, c) = lstm(x)
out
h
c
out.pow(2).sum().backward()
lstm.weight_hh_l0.grad
lstm2 = nn.LSTM(3, 2, dtype=torch.float64, batch_first=True)
o, _ = lstm2(x)
o.grad_fn
