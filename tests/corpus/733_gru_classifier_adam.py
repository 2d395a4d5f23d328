import torch
import torch.nn as nn

# a GRU sequence classifier on random data, a few Adam steps
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(8, 16, batch_first=True)
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        out, h = self.gru(x)
        return self.head(h[-1])


model = Classifier()
print(model)
x = torch.randn(4, 7, 8)
y = torch.tensor([0, 2, 1, 2])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.CrossEntropyLoss()
for step in range(5):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
model.gru.weight_hh_l0.grad[:3]
model(x).argmax(dim=1)
