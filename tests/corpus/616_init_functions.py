import torch
import torch.nn as nn
# nn.init: xavier, kaiming, constant and zeros on a layer's parameters
torch.manual_seed(0)
layer = nn.Linear(4, 3)
nn.init.xavier_uniform_(layer.weight)
nn.init.zeros_(layer.bias)
print(layer.weight)
print(layer.bias)
nn.init.kaiming_normal_(layer.weight, nonlinearity='relu')
print(layer.weight)
nn.init.constant_(layer.bias, 0.1)
out = layer(torch.ones(2, 4)).sum()
out.backward()
print(layer.weight.grad)
print(nn.init.calculate_gain('tanh'))
