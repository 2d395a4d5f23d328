import torch
import math
# "Learning PyTorch with examples": nn + optim (Adam in place of RMSprop)
torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 12)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
loss_fn = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for t in range(6):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 2 == 1:
        print(t, loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(model[0].weight)
print(model[0].bias)
