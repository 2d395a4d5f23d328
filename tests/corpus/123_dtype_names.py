import torch
torch.float32
torch.float
torch.float64
torch.double
torch.int64
torch.long
torch.int32
torch.bool
torch.float == torch.float32
torch.long is torch.int64
x = torch.tensor([1.5, 2.5])
x.dtype
x.float().dtype
x.double()
x.long()
x.int()
x.to(torch.float64)
x.to(torch.int32)
x.to(dtype=torch.float64)
x.to(torch.bool)
x.double().float()
torch.tensor([0.0, 1.0, 2.0]).bool()
torch.tensor([-1.7, 1.7]).long()
torch.tensor([True, False]).float()
torch.tensor([1, 2]).double()
x.dtype.is_floating_point
torch.tensor([1]).dtype.is_floating_point
