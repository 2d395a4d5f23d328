import torch
import math
# "Learning PyTorch with examples" (control flow + weight sharing): DynamicNet, with the
# random number of extra layers replaced by a fixed schedule and SGD with momentum
torch.manual_seed(0)


class DynamicNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))
        self.e = torch.nn.Parameter(torch.randn(()))
        self.calls = 0

    def forward(self, x):
        y = self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3
        self.calls += 1
        for exp in range(4, self.calls % 3 + 4):
            y = y + self.e * x ** exp
        return y

    def string(self):
        return f'y = {self.a.item():.4f} + {self.b.item():.4f} x + {self.c.item():.4f} x^2 + {self.d.item():.4f} x^3 + {self.e.item():.4f} x^4 ? + {self.e.item():.4f} x^5 ?'


x = torch.linspace(-math.pi, math.pi, 50)
y = torch.sin(x)
model = DynamicNet()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(12):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 4 == 3:
        print(t, f'{loss.item():.2f}')
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f'Result: {model.string()}')
