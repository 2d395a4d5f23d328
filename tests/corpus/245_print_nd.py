import torch
print(torch.tensor([[1.5, -2.0], [30.0, 4.0]]))
print(torch.arange(8.0).reshape(2, 2, 2))
print(torch.arange(24.0).reshape(2, 3, 4) / 3)
print(torch.arange(16.0).reshape(2, 2, 2, 2))
print(torch.ones(1, 1, 3, requires_grad=True))
print(torch.zeros(2, 1))
print(torch.tensor([[1, 2], [3, 4]], dtype=torch.int32))
print(torch.tensor([[True], [False]]))
