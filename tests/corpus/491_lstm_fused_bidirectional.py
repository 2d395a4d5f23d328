import torch
import torch.nn as nn
# a bidirectional, batch_first float32 LSTM with dropout between its layers, no biases: each
# direction of each layer is one fused node; the reverse one runs its steps last to first
torch.manual_seed(1)
lstm = nn.LSTM(3, 2, num_layers=2, bidirectional=True, batch_first=True, bias=False)
x = torch.randn(2, 4, 3, requires_grad=True)
out, (h, c) = lstm(x)
out.grad_fn
out.grad_fn.next_functions
(out.sum() + c[3].sum() * 2 + h[1].sum()).backward()
x.grad[1]
lstm.weight_hh_l0_reverse.grad.sum()
lstm.weight_ih_l1_reverse.grad[:2]
lstm.eval()
y, _ = lstm(x[0])
y.grad_fn
y.sum().backward()
lstm.weight_hh_l1.grad.sum()
