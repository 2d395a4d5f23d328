import torch
import torch.nn as nn
from torch.optim.lr_scheduler import CosineAnnealingLR

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.01)
sched = CosineAnnealingLR(opt, T_max=4, eta_min=1e-4)
sched.get_last_lr()
x, y = torch.randn(6, 3), torch.randn(6, 1)
for i in range(11):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    sched.step()
    print(i, sched.get_last_lr()[0], round(loss.item(), 6))
model.weight
sched.T_max, sched.eta_min, sched.last_epoch
opt2 = torch.optim.SGD([{"params": [model.bias], "lr": 0.5}, {"params": [model.weight]}], lr=0.1)
s2 = torch.optim.lr_scheduler.CosineAnnealingLR(opt2, 3)
for _ in range(4):
    opt2.step()
    s2.step()
[g["lr"] for g in opt2.param_groups]
