import torch
import math
# "Learning PyTorch with examples": the polynomial fit with nn.Sequential and a manual update
torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 12)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
print(model)
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-6
for t in range(6):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 2 == 1:
        print(t, loss.item())
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
linear_layer = model[0]
print(linear_layer.bias.item(), linear_layer.weight[:, 0].item())
