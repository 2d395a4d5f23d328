import torch
import torch.nn as nn
# default init: uniform(-1/sqrt(hidden), 1/sqrt(hidden)) over parameters() in order
torch.manual_seed(42)
lstm = nn.LSTM(3, 4)
lstm.weight_ih_l0
lstm.bias_hh_l0
sum(p.numel() for p in lstm.parameters())
gru = nn.GRU(2, 3, bias=False)
gru.weight_hh_l0
list(gru.state_dict().keys())
