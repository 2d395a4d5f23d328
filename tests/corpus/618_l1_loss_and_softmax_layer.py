import torch
import torch.nn as nn
# L1Loss with reductions; Softmax and Identity modules
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 3), nn.Softmax(dim=1), nn.Identity())
print(net)
x = torch.randn(2, 3)
target = torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
loss = nn.L1Loss()(net(x), target)
loss.backward()
print(loss)
print(net[0].weight.grad)
print(nn.L1Loss(reduction='none')(net(x), target))
