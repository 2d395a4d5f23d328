import torch
# scheduler.step() before optimizer.step() warns (the first lr is skipped); step(epoch) is deprecated
w = torch.zeros(2, requires_grad=True)
optimizer = torch.optim.SGD([w], lr=1.0)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
for epoch in range(3):
    scheduler.step()
    w.sum().backward()
    optimizer.step()
    print(optimizer.param_groups[0]['lr'], w)
s2 = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.5)
optimizer.step()
s2.step(5)
print(s2.get_last_lr())
try:
    torch.optim.lr_scheduler.StepLR(torch.nn.Linear(1, 1), step_size=1)
except TypeError as e:
    print(e)
