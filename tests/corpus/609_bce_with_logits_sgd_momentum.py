import torch
import torch.nn as nn
# binary classifier: BCEWithLogitsLoss, SGD with momentum and nesterov, a StepLR schedule
torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.randn(8, 3)
y = (x.sum(dim=1, keepdim=True) > 0).float()
criterion = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True,
                            weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
for epoch in range(5):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, round(loss.item(), 4), optimizer.param_groups[0]["lr"])
print(scheduler.get_last_lr())
print(model.weight)
