import torch
import torch.nn as nn
import torch.nn.functional as F
# the 60-minute blitz's network, with Linear layers only: its repr and parameters
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 5)
        self.fc2 = nn.Linear(5, 4)
        self.fc3 = nn.Linear(4, 2)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x


net = Net()
print(net)
params = list(net.parameters())
print(len(params))
print(params[0].size())
input = torch.randn(1, 6)
out = net(input)
print(out)
net.zero_grad()
out.backward(torch.randn(1, 2))
print(net.fc1.bias.grad)
