import torch
import torch.nn as nn
# a vanilla RNN, a loss on its last output, gradients of the recurrent weights
torch.manual_seed(1)
rnn = nn.RNN(4, 3)
x = torch.randn(6, 2, 4)
out, h = rnn(x)
out
h
loss = out[-1].pow(2).sum()
loss.backward()
rnn.weight_hh_l0.grad
rnn.bias_ih_l0.grad
rnn.weight_ih_l0.grad.norm()
