import torch
import math
# "Learning PyTorch with examples" (custom nn Modules): Polynomial3 trained with RMSprop
torch.manual_seed(0)


class Polynomial3(torch.nn.Module):
    def __init__(self):
        """
        In the constructor we instantiate four parameters and assign them as
        member parameters.
        """
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        return self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3

    def string(self):
        return f'y = {self.a.item():.5f} + {self.b.item():.5f} x + {self.c.item():.5f} x^2 + {self.d.item():.5f} x^3'


x = torch.linspace(-math.pi, math.pi, 100)
y = torch.sin(x)
model = Polynomial3()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-2)
for t in range(30):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 10 == 9:
        print(t, f'{loss.item():.3f}')
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f'Result: {model.string()}')
print(list(model.named_parameters())[0])
