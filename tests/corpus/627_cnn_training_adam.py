import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 3)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(6, 8, 3, stride=2, padding=1)
        self.fc = nn.Linear(8 * 2 * 2, 2)

    def forward(self, x):
        x = self.pool(torch.tanh(self.conv1(x)))
        x = F.relu(self.conv2(x))
        x = torch.flatten(x, 1)
        return self.fc(x)


torch.manual_seed(42)
net = SmallNet()
print(net)
print(sum(p.numel() for p in net.parameters()))
for name, p in net.named_parameters():
    print(name, tuple(p.shape))

x = torch.randn(8, 3, 10, 10)
y = torch.randn(8, 2)
opt = torch.optim.Adam(net.parameters(), lr=0.01)
for step in range(4):
    opt.zero_grad()
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 5))
net.conv2.bias.grad
net.conv1.weight.grad[0, 0]
