import torch
import torch.nn as nn
# LambdaLR with a script lambda (linear warmup) and a def; one factor per param group
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-2)
warmup = 4
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=lambda epoch: min(1.0, (epoch + 1) / warmup))
print(scheduler.get_last_lr())
x = torch.randn(8, 3)
y = torch.randn(8, 1)
for epoch in range(6):
    optimizer.zero_grad()
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr())
print(net[2].bias)


def decay(epoch):
    return 0.5 ** epoch


opt = torch.optim.SGD([{'params': net[0].parameters()}, {'params': net[2].parameters()}], lr=0.1)
sched = torch.optim.lr_scheduler.LambdaLR(opt, [decay, lambda e: 1.0 + e])
for _ in range(3):
    opt.step()
    sched.step()
print(sched.get_last_lr())
try:
    torch.optim.lr_scheduler.LambdaLR(opt, [decay])
except ValueError as e:
    print(e)
