import random
import math
import torch

random.seed(0)
torch.manual_seed(0)

class DynamicNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))
        self.e = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        y = self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3
        for exp in range(4, random.randint(4, 6)):
            y = y + self.e * x ** exp
        return y

x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
model = DynamicNet()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(30):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 10 == 9:
        print(t, round(loss.item(), 1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
model.e
model.e.grad
items = list(range(8))
random.shuffle(items)
items
random.choice(items)
random.random()
random.uniform(-1, 1)
random.sample(items, 3)
random.seed(1)
[random.randint(0, 9) for _ in range(5)]
