import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(0)
X = torch.randn(23, 3)
Y = X @ torch.tensor([[2.0], [-1.0], [0.5]]) + 0.1 * torch.randn(23, 1)
dataset = TensorDataset(X, Y)
len(dataset)
dataset[4]
loader = DataLoader(dataset, batch_size=5, shuffle=True)
len(loader)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.MSELoss()
for epoch in range(3):
    total = 0.0
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print(f"epoch {epoch}: loss {total / len(loader):.4f}, last batch {len(xb)}")
model.weight.grad
torch.randn(2)
xb, yb = next(iter(loader))
xb
torch.rand(3)
