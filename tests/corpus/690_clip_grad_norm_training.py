import torch
import torch.nn as nn
# the usual training step with gradient clipping; clip_grad_norm_ returns the norm before clipping
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(32, 4) * 5
y = torch.randn(32, 1) * 10
for step in range(5):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    print(step, f"{loss.item():.4f}", total_norm)
    optimizer.step()
total_norm
total_norm.dtype
total_norm.requires_grad
norms = [p.grad.norm() for p in model.parameters()]
torch.stack(norms).norm()
print(model[2].weight.grad)
