import torch
import torch.nn as nn
# RMSprop with momentum, centered, weight decay and maximize: the state it keeps
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
x = torch.randn(16, 4)
target = torch.randn(16, 2)
opt = torch.optim.RMSprop(net.parameters(), lr=0.01, alpha=0.9, eps=1e-6, weight_decay=1e-3,
                          momentum=0.8, centered=True)
for epoch in range(6):
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(x), target)
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 6))
print(net[2].weight)
print(net[2].bias)
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
up = torch.optim.RMSprop([w], lr=0.1, maximize=True)
for _ in range(3):
    up.zero_grad()
    score = -(w ** 2).sum()
    score.backward()
    up.step()
    print(w)
print(up.param_groups[0]['maximize'], up.param_groups[0]['centered'])
