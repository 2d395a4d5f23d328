import torch
import torch.nn as nn
# An MLP with ELU, Softplus and SiLU hidden layers fitting sin(x), trained with Adam
torch.manual_seed(0)
x = torch.linspace(-3, 3, 5).unsqueeze(1)
y = torch.sin(x)
model = nn.Sequential(nn.Linear(1, 3), nn.ELU(), nn.Linear(3, 3), nn.Softplus(), nn.Linear(3, 3),
                      nn.SiLU(), nn.Linear(3, 1))
print(model)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
loss_fn = nn.MSELoss()
for step in range(4):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}")
print(model[1].alpha, model[3].beta, model[3].threshold)
print(model[0].weight.grad)
with torch.no_grad():
    print(model(torch.tensor([[0.0], [1.5]])))
