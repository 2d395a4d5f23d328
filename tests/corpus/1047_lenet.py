# LeNet-5 on 28x28 inputs (#35): two convolutions, max-pooling, three linear layers in nn.Sequential, cross-entropy, SGD with momentum; every weight's gradient checked exactly; a 20x20 input too small for the flatten and a pool window larger than its input raise torch's errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(16 * 5 * 5, 120), nn.ReLU(),
    nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
model
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
x = torch.randn(4, 1, 28, 28)
y = torch.tensor([3, 1, 4, 1])
for step in range(3):
    opt.zero_grad()
    out = model(x)
    loss = F.cross_entropy(out, y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
out.shape
out.grad_fn
model[0].weight.grad[0, 0]
model[0].bias.grad
model[3].weight.grad[1, 2]
model[7].weight.grad[:2, :5]
model[11].bias.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: model(torch.randn(1, 1, 20, 20)))
err(lambda: F.max_pool2d(torch.randn(1, 1, 3, 3), 4))
