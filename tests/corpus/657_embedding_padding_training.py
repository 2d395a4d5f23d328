import torch
import torch.nn as nn
# A bag-of-words classifier: the padding row of the embedding never moves
torch.manual_seed(0)
emb = nn.Embedding(6, 3, padding_idx=0)
head = nn.Linear(3, 2)
opt = torch.optim.Adam(list(emb.parameters()) + list(head.parameters()), lr=0.1)
batch = torch.tensor([[1, 2, 0, 0], [3, 4, 5, 0], [2, 5, 0, 0]])
labels = torch.tensor([0, 1, 1])
for step in range(4):
    opt.zero_grad()
    pooled = emb(batch).sum(dim=1) / (batch != 0).sum(dim=1, keepdim=True)
    loss = nn.functional.cross_entropy(head(pooled), labels)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5f}")
print(emb.weight)
print(emb.weight.grad[0])
print(pooled.grad_fn.name())
with torch.no_grad():
    print(head(emb(torch.tensor([[1, 2, 0, 0]])).mean(dim=1)).softmax(dim=1))
# F.embedding with a weight of one's own
table = torch.arange(12.).view(4, 3).requires_grad_()
rows = torch.nn.functional.embedding(torch.tensor([[3, 0], [0, 3]]), table, padding_idx=3)
print(rows)
rows.sum().backward()
print(table.grad)
