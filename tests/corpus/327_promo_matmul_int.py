import torch
a = torch.tensor([[1, 2], [3, 4]])
b = torch.tensor([5, 6])
a @ b
a @ a
b @ b
a.float() @ a.float()
try:
    a @ a.float()
except RuntimeError as e:
    print(e)
