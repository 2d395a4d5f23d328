import torch
import torch.nn as nn
# a bidirectional LSTM: forward and reverse halves of the output, h_n per direction
torch.manual_seed(3)
lstm = nn.LSTM(5, 6, bidirectional=True)
print(lstm)
[name for name, _ in lstm.named_parameters()]
x = torch.randn(4, 2, 5)
out, (h, c) = lstm(x)
out.shape
h.shape
out.grad_fn
torch.allclose(out[-1, :, :6], h[0])
torch.allclose(out[0, :, 6:], h[1])
out.mean().backward()
lstm.weight_hh_l0_reverse.grad.sum()
lstm.bias_ih_l0.grad[:4]
