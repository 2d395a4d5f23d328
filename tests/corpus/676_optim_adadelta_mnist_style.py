import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR

torch.manual_seed(1)

class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 2, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.fc1 = nn.Linear(2 * 3 * 3, 4)
        self.fc2 = nn.Linear(4, 3)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return F.log_softmax(self.fc2(x), dim=1)

model = Net()
optimizer = optim.Adadelta(model.parameters(), lr=1.0)
scheduler = StepLR(optimizer, step_size=1, gamma=0.7)
data = torch.randn(4, 1, 8, 8)
target = torch.tensor([1, 2, 0, 1])
for epoch in range(1, 4):
    model.train()
    optimizer.zero_grad()
    output = model(data)
    loss = F.nll_loss(output, target)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print('Train Epoch: {} Loss: {:.6f}'.format(epoch, loss.item()))
model.fc2.weight
model.conv1.bias
optimizer.state[model.fc2.bias]
optimizer
opt2 = optim.Adadelta([torch.ones(2, requires_grad=True)], rho=0.5, weight_decay=0.1, maximize=True)
p = opt2.param_groups[0]["params"][0]
for _ in range(3):
    opt2.zero_grad()
    (p * torch.tensor([1.0, -2.0])).sum().backward()
    opt2.step()
p
try:
    optim.Adadelta(model.parameters(), rho=1.5)
except ValueError as e:
    print(e)
