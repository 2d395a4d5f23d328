import torch
import torch.nn as nn
class D(torch.utils.data.Dataset):
    def __init__(self):
        self.x = torch.arange(6.).reshape(3, 2)
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return self.x[i]
class Scaled(nn.Linear):
    def forward(self, x):
        return super().forward(x) * 2
torch.manual_seed(0)
m = Scaled(2, 1)
for b in torch.utils.data.DataLoader(D(), batch_size=2):
    m(b).sum().backward()
m.weight.grad
m.bias.grad
