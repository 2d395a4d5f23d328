import torch
import torch.nn as nn

torch.manual_seed(2)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
all_names = {name for name, _ in net.named_parameters()}
frozen = {name for name in all_names if name.startswith("0.")}
for name, p in net.named_parameters():
    p.requires_grad_(name not in frozen)
trainable = all_names - frozen
print(sorted(trainable), sorted(frozen & all_names), sorted(all_names ^ trainable))
out = net(torch.tensor([[1.0, -1.0]])).sum()
out.backward()
with_grad = {name for name, p in net.named_parameters() if p.grad is not None}
print(sorted(with_grad), with_grad == trainable, with_grad <= all_names)
groups = [{"params": [p for n, p in net.named_parameters() if n in trainable], "lr": 0.1}]
opt = torch.optim.SGD(groups)
print(len(opt.param_groups), len(opt.param_groups[0]["params"]), {**groups[0], "params": "..."})
