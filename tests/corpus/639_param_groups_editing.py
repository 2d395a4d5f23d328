import torch
import torch.nn as nn
# editing an optimizer's param groups in a loop, and unfreezing a layer by adding a group
torch.manual_seed(0)
backbone = nn.Linear(3, 4)
head = nn.Linear(4, 1)
for p in backbone.parameters():
    p.requires_grad_(False)
opt = torch.optim.SGD(head.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(6, 3)
y = torch.randn(6, 1)


def step():
    opt.zero_grad()
    loss = nn.functional.mse_loss(head(torch.relu(backbone(x))), y)
    loss.backward()
    opt.step()
    return loss


for epoch in range(3):
    loss = step()
    for g in opt.param_groups:
        g['lr'] = g['lr'] * 0.5
    print(epoch, round(loss.item(), 5), [g['lr'] for g in opt.param_groups])
for p in backbone.parameters():
    p.requires_grad_(True)
opt.add_param_group({'params': backbone.parameters(), 'lr': 1e-3, 'momentum': 0.0})
print(len(opt.param_groups), opt.param_groups[1]['lr'], opt.param_groups[1]['dampening'])
print(list(opt.param_groups[1].keys()))
print(opt)
for _ in range(2):
    step()
print(backbone.bias)
print(len(opt.state), backbone.weight in opt.state, head.weight in opt.state)
opt.param_groups[0]['momentum'] = 0.0
step()
print(head.bias)
attempts = [
    lambda: opt.add_param_group({'params': head.weight}),
    lambda: opt.add_param_group([head.weight]),
    lambda: opt.add_param_group({'params': {head.weight}}),
    lambda: opt.add_param_group({'params': [torch.ones(2) * 2]}),
]
for attempt in attempts:
    try:
        attempt()
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
print(len(opt.param_groups))
