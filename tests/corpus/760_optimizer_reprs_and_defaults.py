import torch
import torch.nn as nn
# printing optimizers: every option of each group, defaults, and group keys
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
print(torch.optim.RMSprop(net.parameters(), lr=0.01, momentum=0.9, centered=True))
print(torch.optim.Adagrad(net.parameters(), lr_decay=1e-4))
adam = torch.optim.Adam([{'params': net[0].parameters(), 'weight_decay': 1e-4},
                         {'params': net[1].parameters()}], lr=3e-4, amsgrad=True)
print(adam)
print(adam.defaults['lr'], adam.defaults['betas'])
print(sorted(adam.param_groups[0].keys()))
print(len(adam.state))
sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, nesterov=True, weight_decay=5e-4)
print(sgd)
print(torch.optim.AdamW(net.parameters()))
