import torch
import torch.nn as nn
# per-layer learning rates with param groups given as dicts, and an lr changed by hand
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 3)
        self.fc2 = nn.Linear(3, 1)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


model = Net()
optimizer = torch.optim.SGD([
    {'params': model.fc1.parameters()},
    {'params': model.fc2.parameters(), 'lr': 1e-3}
], lr=1e-2, momentum=0.9)
print(optimizer)
print(len(optimizer.param_groups), [g['lr'] for g in optimizer.param_groups])
x = torch.randn(6, 4)
y = torch.randn(6, 1)
for epoch in range(4):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    if epoch == 1:
        for g in optimizer.param_groups:
            g['lr'] = g['lr'] * 0.5
    print(epoch, [g['lr'] for g in optimizer.param_groups])
print(model.fc1.bias)
print(model.fc2.weight)
optimizer.param_groups[0]["lr"] = 0.0
before = model.fc1.weight.clone()
optimizer.zero_grad()
nn.functional.mse_loss(model(x), y).backward()
optimizer.step()
print(torch.equal(before, model.fc1.weight))
print(optimizer.param_groups[1]['params'][0] is model.fc2.weight)
extra = torch.zeros(2, requires_grad=True)
optimizer.add_param_group({'params': extra, 'lr': 0.3})
print(optimizer.param_groups[2]['momentum'], optimizer.param_groups[2]['lr'])
