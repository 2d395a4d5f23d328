import torch
import torch.nn as nn
# truncated backprop through time: carry the hidden state, detached, across chunks
torch.manual_seed(0)
gru = nn.GRU(3, 5)
head = nn.Linear(5, 1)
seq = torch.randn(12, 1, 3)
target = torch.randn(12, 1, 1)
opt = torch.optim.SGD(list(gru.parameters()) + list(head.parameters()), lr=0.1)
h = None
for start in range(0, 12, 4):
    chunk = seq[start:start + 4]
    out, h = gru(chunk, h)
    loss = ((head(out) - target[start:start + 4]) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    h = h.detach()
    print(start, round(loss.item(), 5), h.requires_grad)
h
gru.bias_hh_l0.grad
