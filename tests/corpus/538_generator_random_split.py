import torch
from torch.utils.data import TensorDataset, DataLoader, random_split, Subset
torch.manual_seed(0)
X = torch.randn(20, 3)
y = (X.sum(1) > 0).long()
ds = TensorDataset(X, y)
train, val = random_split(ds, [16, 4])
len(train), len(val)
val.indices
loader = DataLoader(train, batch_size=8, shuffle=True)
for xb, yb in loader:
    print(xb.shape, yb.tolist())
train2, val2 = random_split(ds, [0.8, 0.2], generator=torch.Generator().manual_seed(42))
val2.indices
g = torch.Generator()
g.initial_seed()
g.manual_seed(7)
g.device
torch.randn(3, generator=g)
torch.rand(2, 2, generator=g)
torch.randint(0, 10, (4,), generator=g)
torch.randperm(6, generator=g)
torch.normal(0.0, 1.0, size=(3,), generator=g)
torch.empty(3).uniform_(0, 1, generator=g)
torch.nn.init.xavier_uniform_(torch.empty(2, 3), generator=g)
loader2 = DataLoader(ds, batch_size=5, shuffle=True, generator=torch.Generator().manual_seed(3))
[yb.tolist() for _, yb in loader2]
[yb.tolist() for _, yb in loader2]
torch.randn(2)
sub = Subset(ds, [0, 5, 7])
len(sub)
sub[1][1]
random_split(range(5), [0.5, 0.5])[0].indices
random_split(range(3), [0.0, 1.0])[1].indices
torch.default_generator.initial_seed()
random_split(ds, [3, 4])
