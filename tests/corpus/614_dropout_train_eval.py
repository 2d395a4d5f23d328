import torch
import torch.nn as nn
# Dropout in train mode draws PyTorch's mask; eval() turns it off
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Dropout(p=0.5), nn.Linear(6, 1))
x = torch.randn(3, 4)
out = model(x).sum()
out.backward()
print(out)
print(model[0].weight.grad)
model.eval()
print(model(x))
print(model)
