import torch
import torch.nn as nn
# Embedding: a lookup table; repeated indices accumulate into the same row of weight.grad
torch.manual_seed(0)
emb = nn.Embedding(10, 3)
print(emb)
print(emb.weight)
idx = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
out = emb(idx)
print(out.shape)
print(out)
out.sum().backward()
print(emb.weight.grad)
# padding_idx: that row starts at zero and never gets a gradient
torch.manual_seed(1)
pad = nn.Embedding(5, 2, padding_idx=0)
print(pad)
print(pad.weight)
words = torch.tensor([0, 2, 0, 4])
vectors = pad(words)
print(vectors)
(vectors ** 2).sum().backward()
print(pad.weight.grad)
print(nn.Embedding(5, 2, padding_idx=-1))
