import numpy as np
import torch
import torch.nn as nn

np.random.seed(0)
torch.manual_seed(0)
X_np = np.random.rand(40, 2).astype(np.float32)
noise = np.random.randn(40) * 0.1
y_np = (X_np[:, 0] + X_np[:, 1] + noise > 1).astype(np.float32).reshape(-1, 1)
X = torch.from_numpy(X_np)
y = torch.from_numpy(y_np)
model = nn.Sequential(nn.Linear(2, 1), nn.Sigmoid())
opt = torch.optim.Adam(model.parameters(), lr=0.1)
for epoch in range(30):
    opt.zero_grad()
    loss = nn.BCELoss()(model(X), y)
    loss.backward()
    opt.step()
round(loss.item(), 5)
preds = model(X).detach().numpy()
print(((preds > 0.5) == y_np).mean())
idx = np.random.permutation(10)
idx
np.random.randint(0, 5, size=4)
np.random.normal(0.0, 2.0, 3)
np.random.uniform(-1, 1, (2, 2))
np.random.choice(5, 3, replace=False)
order = np.arange(6)
np.random.shuffle(order)
order
np.random.seed(3)
torch.tensor(np.random.randn(2, 3))
