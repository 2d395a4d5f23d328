import torch
torch.manual_seed(0)
a = torch.randn(4)
a
torch.clamp(a, min=-0.5, max=0.5)
min = torch.linspace(-1, 1, steps=4)
torch.clamp(a, min=min)
a.clamp(0)
a.clamp(max=0)
torch.clip(a, -0.1, 0.1)
