import torch
x = torch.tensor([1.7, -2.3], requires_grad=True)
d = x.double()
d
d.dtype
x.float() is x
l = x.long()
l
l.requires_grad
x.to(torch.float64)
x.to(dtype=torch.float64).grad_fn
x.to(torch.int32)
i = torch.tensor([1, 2], dtype=torch.int32)
i.float()
i.to(torch.bool)
torch.tensor([0.0, 2.0]).to(torch.bool)
d.sum().backward()
x.grad
x.grad.dtype
