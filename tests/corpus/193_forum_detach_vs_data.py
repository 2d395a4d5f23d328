import torch
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.data
c.zero_()
out
out.sum().backward()
a.grad
a.grad = None
out = a.sigmoid()
c = out.detach()
c.zero_()
out
try:
    out.sum().backward()
except RuntimeError as e:
    print(e)
