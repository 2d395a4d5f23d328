import torch
import torch.nn as nn
# a GRU layer equals its cell unrolled with the same weights
torch.manual_seed(0)
gru = nn.GRU(2, 3)
cell = nn.GRUCell(2, 3)
with torch.no_grad():
    cell.weight_ih.copy_(gru.weight_ih_l0)
    cell.weight_hh.copy_(gru.weight_hh_l0)
    cell.bias_ih.copy_(gru.bias_ih_l0)
    cell.bias_hh.copy_(gru.bias_hh_l0)
x = torch.randn(5, 4, 2)
out, h = gru(x)
hc = torch.zeros(4, 3)
for t in range(5):
    hc = cell(x[t], hc)
torch.allclose(h[0], hc, atol=1e-6)
hc.grad_fn
h.grad_fn
(out[-1] - hc).abs().max() < 1e-6
