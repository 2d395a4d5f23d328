import torch
import torch.nn as nn
import torch.nn.functional as F
# A tiny transformer-style block: Embedding -> LayerNorm -> Linear -> GELU -> Linear,
# trained a few steps to predict the next token
torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.down = nn.Linear(4 * dim, vocab)

    def forward(self, tokens):
        h = self.norm(self.embed(tokens))
        return self.down(self.act(self.up(h)))


model = Block(vocab=6, dim=4)
print(model)
tokens = torch.tensor([0, 1, 2, 3, 4])
targets = torch.tensor([1, 2, 3, 4, 5])
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
for step in range(5):
    optimizer.zero_grad()
    logits = model(tokens)
    loss = F.cross_entropy(logits, targets)
    loss.backward()
    optimizer.step()
    print(f"step {step}: loss {loss.item():.4f}")
print(logits.grad_fn.name())
print(model.norm.weight.grad)
print(model.embed.weight.grad)
print(model(tokens).argmax(dim=1))
