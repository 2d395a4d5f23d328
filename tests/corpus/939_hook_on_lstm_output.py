import torch
import torch.nn as nn
# A hook on an LSTM's output, and one on a weight: the gradient each hook receives is checked,
# and what it returns goes on down the graph (the LSTM's weights get twice the gradient).
torch.manual_seed(0)
lstm = nn.LSTM(4, 8, batch_first=True)
head = nn.Linear(8, 1)
x = torch.randn(2, 5, 4)
out, _ = lstm(x)
seen = []
out.register_hook(lambda g: seen.append(g.abs().sum()) or g * 2)
head.weight.register_hook(lambda g: g + 1)
loss = head(out[:, -1]).pow(2).mean()
loss.backward()
len(seen)
head.weight.grad
lstm.bias_hh_l0.grad[:4]
