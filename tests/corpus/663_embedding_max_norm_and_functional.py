import torch
import torch.nn as nn
import torch.nn.functional as F
# max_norm renormalises the rows a lookup touches (in place, without autograd)
torch.manual_seed(0)
emb = nn.Embedding(4, 3, max_norm=1.0)
print(emb)
print(emb.weight.norm(dim=1))
out = emb(torch.tensor([0, 2]))
print(out)
print(emb.weight.norm(dim=1))
out.sum().backward()
print(emb.weight.grad)
# F.embedding on a pretrained table, and an index tensor of two dims
table = torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]], requires_grad=True)
looked = F.embedding(torch.tensor([[1, 2], [2, 2]]), table)
print(looked, looked.grad_fn.name())
(looked * torch.tensor([1.0, 10.0])).sum().backward()
print(table.grad)
print(F.embedding(torch.tensor([1, 2]), table, max_norm=2.0))
print(table)
idx32 = torch.tensor([2, 0], dtype=torch.int32)
print(F.embedding(idx32, table))
