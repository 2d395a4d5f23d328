import torch
import torch.nn as nn
# Adam with clip_grad_value_ each step, and the norm printed before and after clipping
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 5), nn.Sigmoid(), nn.Linear(5, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
x = torch.randn(20, 3) * 3
y = (x ** 2).sum(dim=1, keepdim=True)
for step in range(5):
    optimizer.zero_grad()
    loss = nn.MSELoss()(model(x), y)
    loss.backward()
    before = torch.nn.utils.get_total_norm([p.grad for p in model.parameters()])
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.5)
    after = torch.nn.utils.get_total_norm([p.grad for p in model.parameters()])
    optimizer.step()
    print(step, f"{loss.item():.3f}", f"{before.item():.4f}", f"{after.item():.4f}")
print(model[2].weight.grad)
print(max(p.grad.abs().max().item() for p in model.parameters()))
