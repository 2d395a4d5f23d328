import torch
import torch.nn as nn
from torch.optim.lr_scheduler import ExponentialLR, MultiStepLR, StepLR
# learning-rate schedules: ExponentialLR, MultiStepLR, StepLR, read back with get_last_lr()
torch.manual_seed(0)
model = nn.Linear(2, 1)
x = torch.randn(5, 2)
y = torch.randn(5, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = ExponentialLR(optimizer, gamma=0.9)
for epoch in range(5):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]['lr'])
print(model.weight)
opt2 = torch.optim.Adam(model.parameters(), lr=0.01)
multi = MultiStepLR(opt2, milestones=[2, 4, 4], gamma=0.5)
lrs = []
for epoch in range(6):
    opt2.step()
    multi.step()
    lrs.append(multi.get_last_lr()[0])
print(lrs)
print(multi.last_epoch, multi.base_lrs, opt2.param_groups[0]['initial_lr'])
opt3 = torch.optim.SGD([{'params': [model.weight]}, {'params': [model.bias], 'lr': 1.0}], lr=0.5)
step = StepLR(opt3, step_size=2, gamma=0.1)
for epoch in range(5):
    opt3.step()
    step.step()
    print(step.get_last_lr())
