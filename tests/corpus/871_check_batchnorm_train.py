import torch
import torch.nn as nn
torch.manual_seed(8)
net = nn.Sequential(nn.Linear(10, 20), nn.BatchNorm1d(20), nn.ReLU(), nn.Linear(20, 2))
net.train()
x = torch.randn(32, 10)
y = torch.randint(0, 2, (32,))
loss = nn.CrossEntropyLoss()(net(x), y)
loss.backward()
print(loss.item())
