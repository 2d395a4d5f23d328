import torch
import torch.nn as nn

torch.manual_seed(0)
data = torch.randn(8, 3)
target = torch.randn(8, 1)

def train(optimizer, model, steps=4):
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((model(data) - target) ** 2).mean()
        loss.backward()
        optimizer.step()
    return loss

model = nn.Linear(3, 1)
opt = torch.optim.Adamax(model.parameters(), lr=0.05, weight_decay=0.01)
opt
train(opt, model)
model.weight
opt.state_dict()["state"][0]

model = nn.Linear(3, 1)
opt = torch.optim.NAdam(model.parameters(), lr=0.05, momentum_decay=0.01,
                        decoupled_weight_decay=True, weight_decay=0.1)
train(opt, model)
model.weight
model.bias.grad
opt.state[model.bias]["mu_product"]
opt.state[model.bias]["exp_avg_sq"]

model = nn.Linear(3, 1)
opt = torch.optim.RAdam(model.parameters(), lr=0.05)
train(opt, model, steps=8)  # rho_t passes 5 at the sixth step
model.weight
opt.param_groups[0]["decoupled_weight_decay"]

model = nn.Linear(3, 1)
opt = torch.optim.RAdam(model.parameters(), lr=0.05, betas=(0.5, 0.6), maximize=True,
                        weight_decay=0.1, decoupled_weight_decay=True)
train(opt, model)
model.bias

try:
    torch.optim.Adamax(model.parameters(), betas=(0.9, 1.0))
except ValueError as e:
    print("ValueError", e)
try:
    torch.optim.NAdam(model.parameters(), momentum_decay=-1)
except ValueError as e:
    print("ValueError", e)
torch.optim.RAdam(model.parameters(), eps=-1e-8)
