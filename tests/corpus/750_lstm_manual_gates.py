import torch
import torch.nn as nn
# the LSTM equations by hand, against nn.LSTMCell
torch.manual_seed(1)
cell = nn.LSTMCell(3, 2)
x = torch.randn(4, 3)
h = torch.randn(4, 2)
c = torch.randn(4, 2)
gates = x @ cell.weight_ih.t() + cell.bias_ih + h @ cell.weight_hh.t() + cell.bias_hh
i, f, g, o = gates.chunk(4, 1)
c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
h_new = torch.sigmoid(o) * torch.tanh(c_new)
h_ref, c_ref = cell(x, (h, c))
torch.allclose(h_new, h_ref, atol=1e-6)
torch.allclose(c_new, c_ref, atol=1e-6)
h_ref
c_ref
h_ref.sum().backward()
cell.weight_ih.grad
