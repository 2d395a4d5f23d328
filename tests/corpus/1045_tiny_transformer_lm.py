# A tiny transformer language model (#35): embedding, learned positions, two GELU encoder layers under a causal mask, a vocabulary head, cross-entropy, AdamW; every gradient checked exactly; the errors of a token past the vocabulary and of inputs of the wrong width
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, D, T, B = 13, 8, 6, 3
class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.pos = nn.Parameter(torch.randn(T, D) * 0.02)
        layer = nn.TransformerEncoderLayer(D, 2, dim_feedforward=16, dropout=0.0,
                                           activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(D, V)
    def forward(self, idx, mask):
        return self.head(self.encoder(self.embed(idx) + self.pos, mask=mask, is_causal=True))
model = TinyLM()
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
data = torch.randint(0, V, (B, T + 1))
mask = torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
mask
for step in range(3):
    opt.zero_grad()
    logits = model(data[:, :-1], mask)
    loss = F.cross_entropy(logits.reshape(-1, V), data[:, 1:].reshape(-1))
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
logits.shape
logits.grad_fn
loss.grad_fn
model.embed.weight.grad[:2]
model.pos.grad[0]
model.encoder.layers[0].self_attn.in_proj_weight.grad[:2, :4]
model.encoder.layers[1].linear1.bias.grad[:4]
model.encoder.layers[1].norm2.weight.grad
model.head.bias.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: model.embed(torch.tensor([[V]])))
err(lambda: model.encoder(torch.randn(B, T, D + 1), mask=mask))
