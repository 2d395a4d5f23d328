import torch
import math
torch.manual_seed(0)
# "Learning PyTorch with examples" (PyTorch: optim): the polynomial fit with RMSprop
x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-3
optimizer = torch.optim.RMSprop(model.parameters(), lr=learning_rate)
for t in range(40):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 10 == 9:
        print(t, f'{loss.item():.3f}')
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
linear_layer = model[0]
print(f'Result: y = {linear_layer.bias.item():.5f} + {linear_layer.weight[:, 0].item():.5f} x + {linear_layer.weight[:, 1].item():.5f} x^2 + {linear_layer.weight[:, 2].item():.5f} x^3')
print(optimizer)
