import torch
v = torch.tensor([1.0, 2.0])
s64 = torch.tensor(3.0, dtype=torch.float64)
(v * s64).dtype
(s64 * v).dtype
si = torch.tensor(3)
(v * si).dtype
iv = torch.tensor([1, 2])
(iv * torch.tensor(2.5)).dtype
(iv * torch.tensor(2.5, dtype=torch.float64)).dtype
(torch.tensor(1.0) + torch.tensor(2.0, dtype=torch.float64)).dtype
(torch.tensor(1) + torch.tensor(2.0)).dtype
torch.cat([torch.tensor([1]), torch.tensor([2.0])]).dtype
torch.stack([torch.tensor(1.0), torch.tensor(2.0, dtype=torch.float64)]).dtype
torch.where(torch.tensor([True]), torch.tensor([1]), torch.tensor([2.0])).dtype
