import torch
import torch.nn as nn
# SGD's options: momentum with dampening, Nesterov, weight decay, maximize
torch.manual_seed(2)
x = torch.randn(8, 3)
y = torch.randn(8, 1)
for options in [dict(momentum=0.9), dict(momentum=0.9, dampening=0.5),
                dict(momentum=0.9, nesterov=True), dict(weight_decay=0.1),
                dict(momentum=0.5, weight_decay=0.01, nesterov=True)]:
    torch.manual_seed(0)
    model = nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, **options)
    for _ in range(5):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(options, f'{loss.item():.5f}')
    print(model.weight.data)
a = torch.tensor([0.5, -0.5], requires_grad=True)
opt = torch.optim.SGD([a], lr=0.1, maximize=True)
for _ in range(3):
    opt.zero_grad()
    (-(a ** 2).sum()).backward()
    opt.step()
print(a)
