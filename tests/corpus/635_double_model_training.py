import torch
import torch.nn as nn
# a model moved to float64 before training (the gradcheck-friendly habit), and one moved after
# its optimizer was made: the optimizer holds the same Parameter objects
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 1)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


model = Net().double()
x = torch.randn(8, 3, dtype=torch.float64)
y = torch.randn(8, 1, dtype=torch.float64)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item())
print(model.fc1.weight)
print(model.fc2.bias.grad)
late = Net()
sgd = torch.optim.SGD(late.parameters(), lr=0.1)
late.to(torch.float64)
loss = nn.functional.mse_loss(late(x), y)
loss.backward()
sgd.step()
print(late.fc2.weight.dtype, late.fc2.weight.grad.dtype, loss)
print(late.fc2.weight)
h = nn.Linear(2, 2).half()
print(h.weight.dtype, h.bias.dtype)
