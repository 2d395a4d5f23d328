import torch
import torch.nn as nn
# an optimizer's state_dict as PyTorch prints it, loaded into a fresh optimizer that then
# continues exactly where the first one was
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.randn(5, 2)
y = torch.randn(5, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.05, weight_decay=1e-3)


def train(o, steps):
    for _ in range(steps):
        o.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        o.step()
    return loss.item()


print(round(train(opt, 2), 5))
sd = opt.state_dict()
print(sd['param_groups'])
print(sorted(sd['state'].keys()), list(sd['state'][3].keys()))
print(sd['state'][3])
print(sd['state'][0]['step'])
fresh = torch.optim.Adam(model.parameters(), lr=0.5)
print(fresh.param_groups[0]['lr'])
fresh.load_state_dict(sd)
print(fresh.param_groups[0]['lr'], fresh.param_groups[0]['weight_decay'])
print(list(fresh.param_groups[0].keys()))
print(fresh.param_groups[0]['params'][0] is model[0].weight)
print(fresh.state[model[2].bias]['exp_avg'])
print(round(train(fresh, 2), 5))
print(model[2].bias)
print(fresh.state_dict()['state'][3]['step'])
print(fresh)
sgd = torch.optim.SGD([{'params': model[0].parameters()}, {'params': model[2].parameters(),
                       'lr': 0.01}], lr=0.1, momentum=0.9)
train(sgd, 1)
print(sgd.state_dict())
bad = [
    lambda: torch.optim.SGD(model.parameters(), lr=0.1).load_state_dict(sgd.state_dict()),
    lambda: torch.optim.SGD([{'params': model[0].parameters()}, {'params': [model[2].weight]}],
                            lr=0.1).load_state_dict(sgd.state_dict()),
]
for attempt in bad:
    try:
        attempt()
    except ValueError as e:
        print("ValueError:", e)
