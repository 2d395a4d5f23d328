import torch
import torch.nn as nn
# Adam with amsgrad, weight decay and maximize; AdamW's decoupled decay
torch.manual_seed(3)
x = torch.randn(12, 2)
y = (x[:, :1] * 3 - x[:, 1:]).sin()
for cls, options in [(torch.optim.Adam, dict(amsgrad=True)),
                     (torch.optim.Adam, dict(weight_decay=0.1, betas=(0.8, 0.99))),
                     (torch.optim.AdamW, dict(weight_decay=0.05, amsgrad=True))]:
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(2, 5), nn.ReLU(), nn.Linear(5, 1))
    opt = cls(net.parameters(), lr=0.01, **options)
    for _ in range(6):
        opt.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
    print(options, loss.item())
    print(net[2].weight.data)
z = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.Adam([z], lr=0.1, maximize=True)
for _ in range(3):
    opt.zero_grad()
    (-(z - 3) ** 2).sum().backward()
    opt.step()
print(z)
