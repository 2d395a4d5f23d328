import torch
x = torch.tensor([[1.0, -1.0], [1.0, -1.0]])
x.item() if False else x.tolist()
torch.tensor([2.5]).item()
a = torch.randn(2, 2).tolist() if False else None
a
tensor = torch.randn(2, 2) if False else torch.tensor([[0.5, -1.25], [2.0, 3.5]])
tensor.to(torch.float64)
tensor.to(dtype=torch.int32)
tensor.double().dtype
tensor.type()
tensor.type(torch.int64)
