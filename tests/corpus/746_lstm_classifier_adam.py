import torch
import torch.nn as nn

# an LSTM classifier (batch_first), trained a few Adam steps on random data
torch.manual_seed(0)


class LSTMClassifier(nn.Module):
    def __init__(self, input_dim, hidden_dim, n_classes):
        super().__init__()
        self.lstm = nn.LSTM(input_dim, hidden_dim, batch_first=True)
        self.fc = nn.Linear(hidden_dim, n_classes)

    def forward(self, x):
        _, (h_n, _) = self.lstm(x)
        return self.fc(h_n[-1])


model = LSTMClassifier(6, 10, 2)
print(model)
X = torch.randn(8, 5, 6)
y = torch.randint(0, 2, (8,))
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
criterion = nn.CrossEntropyLoss()
for epoch in range(4):
    optimizer.zero_grad()
    logits = model(X)
    loss = criterion(logits, y)
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")
model.lstm.weight_hh_l0.grad.shape
model.lstm.weight_hh_l0.grad[0]
with torch.no_grad():
    preds = model(X).argmax(1)
preds
(preds == y).float().mean()
