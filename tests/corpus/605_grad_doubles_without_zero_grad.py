import torch
import torch.nn as nn
# forum: "why does my weight.grad double every step?" - no optimizer.zero_grad()
torch.manual_seed(0)
model = nn.Linear(2, 1)
x = torch.tensor([[1.0, 2.0]])
for step in range(3):
    out = model(x).sum()
    out.backward()
    print(step, model.weight.grad)
model.zero_grad()
print(model.weight.grad)
out = model(x).sum()
out.backward()
print(model.weight.grad)
