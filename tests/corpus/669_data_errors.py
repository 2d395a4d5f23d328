import torch
from torch.utils.data import TensorDataset, DataLoader

try:
    TensorDataset(torch.zeros(3, 2), torch.zeros(4))
except AssertionError as e:
    print("mismatch:", e)
try:
    DataLoader(TensorDataset(torch.zeros(3)), batch_size=0)
except ValueError as e:
    print("batch_size:", e)
ds = TensorDataset(torch.arange(5.0), torch.arange(5))
for x, y in DataLoader(ds, batch_size=2):
    print(x, y)
ds.tensors
for item in DataLoader(ds, batch_size=None):
    print(item)
