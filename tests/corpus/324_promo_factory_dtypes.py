import torch
torch.full((2,), 1).dtype
torch.full((2,), 1.0).dtype
torch.full((2,), True).dtype
torch.arange(3).dtype
torch.arange(3.0).dtype
torch.arange(0, 1, 0.5).dtype
torch.linspace(0, 1, 3).dtype
torch.tensor(1e40)
torch.tensor([1, 2.0]).dtype
torch.tensor([[1], [2]]).dtype
torch.tensor([True, 1]).dtype
torch.ones(2).long().dtype
torch.ones(2).int().dtype
torch.ones(2).to(torch.float16)
torch.ones(2).half()
torch.zeros(2, dtype=torch.bool)
