import torch
import torch.nn as nn
torch.manual_seed(7)
lin = nn.Linear(16, 32)
ln = nn.LayerNorm(32)
head = nn.Linear(32, 1)
x = torch.randn(24, 16)
y = torch.randn(24, 1)
loss = nn.MSELoss()(head(ln(torch.relu(lin(x)))), y)
loss.backward()
print(loss.item())
