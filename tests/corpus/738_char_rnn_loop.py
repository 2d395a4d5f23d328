import torch
import torch.nn as nn
import torch.nn.functional as F

# char-RNN: embed characters one-hot, predict the next character, train a few steps
text = "hello world"
chars = sorted(set(text))
stoi = {ch: i for i, ch in enumerate(chars)}
data = torch.tensor([stoi[ch] for ch in text])
V = len(chars)
torch.manual_seed(0)


class CharRNN(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.rnn = nn.RNN(vocab, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, x, h=None):
        out, h = self.rnn(x, h)
        return self.out(out), h


model = CharRNN(V, 12)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
inputs = torch.eye(V)[data[:-1]].unsqueeze(1)
targets = data[1:]
for epoch in range(20):
    logits, h = model(inputs)
    loss = F.cross_entropy(logits.squeeze(1), targets)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if epoch % 5 == 0:
        print(epoch, f"{loss.item():.4f}")
logits.squeeze(1).argmax(1)
h
model.rnn.weight_hh_l0.grad.abs().sum()
