# LeNet-5 on 28x28 inputs (#35), as PyTorch's tutorial writes it: two convolutions, F.max_pool2d, three linear layers in a Module, cross-entropy, SGD with momentum; every weight's gradient checked exactly; a 20x20 input too small for the flatten and a pool window larger than its input raise torch's errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), (2, 2))
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))
model = LeNet()
model
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
x = torch.randn(4, 1, 28, 28)
y = torch.tensor([3, 1, 4, 1])
for step in range(3):
    opt.zero_grad()
    out = model(x)
    loss = F.cross_entropy(out, y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
out.shape
out.grad_fn
model.conv1.weight.grad[0, 0]
model.conv1.bias.grad
model.conv2.weight.grad[1, 2]
model.fc1.weight.grad[:2, :5]
model.fc3.bias.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: model(torch.randn(1, 1, 20, 20)))
err(lambda: F.max_pool2d(torch.randn(1, 1, 3, 3), 4))
