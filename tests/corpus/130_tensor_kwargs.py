import torch
torch.tensor([1, 2, 3], dtype=torch.float32)
torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)
torch.tensor(3.0)
torch.tensor(3)
torch.tensor(True)
torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
torch.tensor([1, 2.5])
torch.tensor([True, False, True])
torch.tensor([[True], [False]]).dtype
torch.tensor([])
torch.tensor([[]])
torch.tensor([1, 2], dtype=torch.bool)
torch.tensor([0.1, 0.2], dtype=torch.double)
torch.tensor([1.7, -2.7], dtype=torch.long)
torch.tensor([[1.0, 2.0]], requires_grad=True).shape
torch.tensor((1.0, 2.0, 3.0))
torch.tensor([(1, 2), (3, 4)])
torch.tensor(2.5, requires_grad=True)
