import torch
import torch.nn as nn
# decaying the lr by hand through param_groups next to a scheduler; get_last_lr() follows
torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.5)
x = torch.randn(6, 3)
y = torch.randn(6, 1)


def adjust_learning_rate(optimizer, epoch):
    lr = 0.1 * (0.1 ** (epoch // 2))
    for param_group in optimizer.param_groups:
        param_group['lr'] = lr


for epoch in range(4):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]['lr'])
for epoch in range(4):
    adjust_learning_rate(optimizer, epoch)
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    print(epoch, optimizer.param_groups[0]['lr'])
print(model.weight, model.bias)
print(optimizer.param_groups[0]['initial_lr'], scheduler.last_epoch)
