import torch
import torch.nn as nn
# Linear regression with outliers: HuberLoss and SmoothL1Loss, printing loss.item() in full
torch.manual_seed(0)
x = torch.linspace(-1, 1, 12).unsqueeze(1)
y = 3 * x + 0.5
y[3] += 8.0
y[9] -= 6.0
for criterion in [nn.HuberLoss(delta=1.0), nn.HuberLoss(delta=3.0), nn.SmoothL1Loss(beta=0.5)]:
    torch.manual_seed(1)
    model = nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    for epoch in range(6):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        print(criterion, epoch, loss.item())
    print(f"{model.weight.item():.6f} {model.bias.item():.6f}")
