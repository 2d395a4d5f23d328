# A character-level LSTM language model (#35): embedding, a 2-layer batch-first nn.LSTM, a vocabulary head, cross-entropy, Adam; gradients of every weight through the fused LSTM layers checked exactly; an input of the wrong width and a wrong initial state raise torch's errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, E, H, T, B = 11, 6, 7, 5, 3
embed = nn.Embedding(V, E)
lstm = nn.LSTM(E, H, num_layers=2, batch_first=True)
head = nn.Linear(H, V)
lstm
params = list(embed.parameters()) + list(lstm.parameters()) + list(head.parameters())
opt = torch.optim.Adam(params, lr=1e-2)
data = torch.randint(0, V, (B, T + 1))
for step in range(3):
    opt.zero_grad()
    out, (h, c) = lstm(embed(data[:, :-1]))
    loss = F.cross_entropy(head(out).reshape(-1, V), data[:, 1:].reshape(-1))
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
out.shape
h.shape
out.grad_fn
lstm.weight_ih_l0.grad[:3]
lstm.weight_hh_l1.grad[:2]
lstm.bias_ih_l1.grad[:5]
embed.weight.grad[data[0, 0]]
head.weight.grad[:2, :3]
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: lstm(torch.randn(B, T, E + 1)))
err(lambda: lstm(torch.randn(B, T, E), (torch.zeros(1, B, H), torch.zeros(1, B, H))))
