import torch
import torch.nn as nn
# a small classifier: CrossEntropyLoss with Adam, train/eval
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 3))
x = torch.randn(4, 3)
y = torch.tensor([0, 2, 1, 1])
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
model.train()
for epoch in range(2):
    optimizer.zero_grad()
    logits = model(x)
    loss = criterion(logits, y)
    loss.backward()
    optimizer.step()
    print(epoch, round(loss.item(), 4))
print(loss)
model.eval()
with torch.no_grad():
    pred = model(x).argmax(dim=1)
print(pred)
print(model.training, model[0].training)
