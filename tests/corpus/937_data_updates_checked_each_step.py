import torch
import torch.nn as nn
import torch.nn.functional as F
# The 60-minute blitz's update, p.data -= lr * p.grad: each step's graph is built after the
# last write, so every backward is checked (nn.Linear's addmm saves its weight's transpose, a
# view of the memory the update writes). A value written after a graph saved it is not.
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 2, 3)
        self.fc1 = nn.Linear(2 * 3 * 3, 6)
        self.fc2 = nn.Linear(6, 3)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = torch.flatten(x, 1)
        return self.fc2(F.relu(self.fc1(x)))

net = Net()
x = torch.randn(4, 1, 8, 8)
target = torch.randn(4, 3)
for step in range(4):
    net.zero_grad()
    loss = F.mse_loss(net(x), target)
    loss.backward()
    print(step, round(loss.item(), 4))
    for p in net.parameters():
        p.data -= 0.05 * p.grad
net.fc2.bias.grad
w = torch.tensor([1.0, 2.0], requires_grad=True)
out = w.sigmoid()
out.data.mul_(2)
out.sum().backward()
w.grad
