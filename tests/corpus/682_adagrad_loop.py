import torch
import torch.nn as nn
# Adagrad: the accumulated squares shrink each step; lr_decay and initial_accumulator_value
torch.manual_seed(1)
model = nn.Linear(3, 1)
x = torch.randn(10, 3)
y = x @ torch.tensor([[2.0], [-1.0], [0.5]]) + 0.3
optimizer = torch.optim.Adagrad(model.parameters(), lr=0.5)
criterion = nn.MSELoss()
for step in range(8):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    if step % 2 == 1:
        print(f"step {step}: loss {loss.item():.4f}")
print(model.weight, model.bias)
print(optimizer)
w = torch.zeros(4, requires_grad=True)
opt = torch.optim.Adagrad([w], lr=0.1, lr_decay=0.05, weight_decay=0.01,
                          initial_accumulator_value=0.1, eps=1e-8)
for i in range(4):
    opt.zero_grad()
    ((w - torch.arange(4.0)) ** 2).sum().backward()
    opt.step()
print(w)
