import torch
import torch.nn as nn

torch.manual_seed(0)
data = torch.randn(8, 3)
target = torch.randn(8, 1)

def train(optimizer, model, steps=5):
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((model(data) - target) ** 2).mean()
        loss.backward()
        optimizer.step()
    return loss

model = nn.Linear(3, 1)
opt = torch.optim.Rprop(model.parameters(), lr=0.05)
opt
train(opt, model)
model.weight
opt.state[model.weight]["step_size"]
opt.state[model.weight]["prev"]

model = nn.Linear(3, 1)
opt = torch.optim.Rprop(model.parameters(), lr=0.1, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2),
                        maximize=True)
train(opt, model)
model.bias

model = nn.Linear(3, 1)
opt = torch.optim.ASGD(model.parameters(), lr=0.1, weight_decay=0.01)
train(opt, model)
model.weight
opt.state_dict()["state"][0]

model = nn.Linear(3, 1)
opt = torch.optim.ASGD(model.parameters(), lr=0.2, lambd=0.1, alpha=0.5, t0=2)
train(opt, model)
model.weight
opt.state[model.weight]["ax"], opt.state[model.weight]["mu"], opt.state[model.weight]["eta"]

try:
    torch.optim.Rprop(model.parameters(), etas=(1.5, 0.5))
except ValueError as e:
    print("ValueError", e)
torch.optim.ASGD(model.parameters(), weight_decay=-0.1)
