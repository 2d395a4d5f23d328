import torch
import torch.nn as nn
# Sigmoid + BCELoss with AdamW, and the optimizer's repr
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.LeakyReLU(0.1), nn.Linear(3, 1), nn.Sigmoid())
print(model)
x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
optimizer = torch.optim.AdamW(model.parameters(), lr=0.05)
print(optimizer)
loss_fn = nn.BCELoss()
for step in range(4):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
print(loss)
print(model(x))
