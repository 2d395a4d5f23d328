import torch
import torch.nn as nn
# an LSTMCell unrolled by hand over a sequence
torch.manual_seed(0)
cell = nn.LSTMCell(4, 8)
cell
x = torch.randn(6, 3, 4)
h = torch.zeros(3, 8)
c = torch.zeros(3, 8)
outputs = []
for t in range(x.size(0)):
    h, c = cell(x[t], (h, c))
    outputs.append(h)
out = torch.stack(outputs)
out.shape
h.grad_fn
c.grad_fn
out.sum().backward()
cell.weight_hh.grad[:2]
cell.bias_ih.grad.sum()
