import torch
print(torch.tensor([]))
print(torch.zeros(0, 3))
print(torch.zeros(2, 0))
print(torch.tensor([], dtype=torch.int64))
print(torch.tensor([], requires_grad=True))
print(torch.zeros(0, dtype=torch.float64))
torch.zeros(3)[3:]
torch.ones(2, 3)[:, 5:]
