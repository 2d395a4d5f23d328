import torch
a = torch.arange(9, dtype= torch.float) - 4
b = a.reshape((3, 3))
torch.norm(a)
torch.norm(b)
c = torch.tensor([[ 1, 2, 3], [-1, 1, 4]] , dtype=torch.float)
torch.norm(c, dim=0)
torch.norm(c, dim=1)
torch.norm(c, p=1, dim=1)
d = torch.arange(8, dtype=torch.float).reshape(2, 2, 2)
torch.norm(d, dim=(1, 2))
torch.norm(d[0, :, :]), torch.norm(d[1, :, :])
