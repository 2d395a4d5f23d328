import torch
import torch.nn as nn
# forum: "why is model.fc2.weight.grad None?" - the layer is never used in forward
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 2)
        self.fc2 = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc1(x)


model = Net()
loss = model(torch.ones(4, 3)).pow(2).mean()
loss.backward()
print(model.fc1.weight.grad)
print(model.fc2.weight.grad)
for name, p in model.named_parameters():
    print(name, p.grad is None)
