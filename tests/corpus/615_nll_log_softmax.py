import torch
import torch.nn as nn
import torch.nn.functional as F
# LogSoftmax + NLLLoss, the same as CrossEntropyLoss
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(5, 3), nn.LogSoftmax(dim=1))
x = torch.randn(4, 5)
target = torch.tensor([2, 0, 1, 2])
loss = nn.NLLLoss()(model(x), target)
loss.backward()
print(loss)
print(model[0].bias.grad)
ce = F.cross_entropy(model[0](x), target)
print(ce)
print(nn.NLLLoss(reduction='sum')(model(x), target))
