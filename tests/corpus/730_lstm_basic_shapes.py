import torch
import torch.nn as nn
# an LSTM over a (seq, batch, feature) input: output, (h_n, c_n)
torch.manual_seed(0)
lstm = nn.LSTM(10, 20, num_layers=2)
lstm
for name, p in lstm.named_parameters():
    print(name, tuple(p.shape))
x = torch.randn(5, 3, 10)
h0 = torch.randn(2, 3, 20)
c0 = torch.randn(2, 3, 20)
output, (hn, cn) = lstm(x, (h0, c0))
output.shape
hn.shape
cn.shape
output.grad_fn
hn.grad_fn
print(output[-1, 0, :5])
print(hn[-1, 0, :5])
hn[0].sum()
