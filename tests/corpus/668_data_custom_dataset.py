import torch
from torch import nn
from torch.utils.data import Dataset, DataLoader

torch.manual_seed(3)

class PointsDataset(Dataset):
    def __init__(self, n):
        self.x = torch.randn(n, 2)
        self.y = (self.x[:, 0] > self.x[:, 1]).long()

    def __len__(self):
        return len(self.x)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx].item(), float(idx)

ds = PointsDataset(10)
len(ds)
ds[2]
dl = DataLoader(ds, batch_size=4, shuffle=False)
len(dl)
for batch_idx, (data, target, ids) in enumerate(dl):
    print(batch_idx, data.shape, target, ids)
dl2 = DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)
len(dl2)
model = nn.Linear(2, 2)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(2):
    for data, target, _ in dl2:
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(data), target)
        loss.backward()
        opt.step()
    print('Epoch {} loss: {:.6f}'.format(epoch, loss.item()))
model.bias
ds.x.shape
dl.dataset is ds
dl.batch_size
