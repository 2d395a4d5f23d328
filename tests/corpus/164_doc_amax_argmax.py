import torch
torch.manual_seed(0)
a = torch.randn(4, 4)
a
torch.amax(a, 1)
torch.argmax(a, dim=1)
torch.argmax(a)
a.argmax(dim=0, keepdim=True)
torch.max(a, 1)
