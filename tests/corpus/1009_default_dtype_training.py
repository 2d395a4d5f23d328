# A physics-style training loop in float64: set_default_dtype first, then nn layers' parameters, inputs, Adam's state and the losses are all double
import torch
import torch.nn as nn

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
model[0].weight.dtype
model[2].bias
x = torch.linspace(0, 1, 6).unsqueeze(1)
target = torch.sin(3 * x)
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
for step in range(5):
    optimizer.zero_grad()
    loss = ((model(x) - target) ** 2).mean()
    loss.backward()
    optimizer.step()
    print(step, loss.item())
loss
model[0].weight.grad
optimizer.state[model[0].weight]["step"]
sgd_model = nn.Linear(2, 1)
sgd = torch.optim.SGD(sgd_model.parameters(), lr=0.1, momentum=0.9)
inputs = torch.tensor([[1, 2], [3, 4]]) * 0.5
out = sgd_model(inputs).sum()
out.backward()
sgd.step()
sgd_model.weight
sgd_model.bias.grad
torch.nn.Linear(2, 2, dtype=torch.float32).weight.dtype
