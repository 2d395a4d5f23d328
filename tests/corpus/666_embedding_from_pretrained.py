import torch
import torch.nn as nn
# Embedding.from_pretrained: a frozen table by default; with freeze=False it trains, and it
# shares the tensor it was given
weight = torch.tensor([[1, 2.3, 3], [4, 5.1, 6.3]])
embedding = nn.Embedding.from_pretrained(weight)
print(embedding)
print(embedding(torch.tensor([1])))
print(embedding.weight.requires_grad)
tuned = nn.Embedding.from_pretrained(weight, freeze=False, padding_idx=0)
out = tuned(torch.tensor([0, 1, 1]))
out.sum().backward()
print(tuned.weight.grad, tuned)
weight[0, 0] = 10.
print(tuned.weight)
