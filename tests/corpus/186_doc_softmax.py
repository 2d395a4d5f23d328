import torch
torch.manual_seed(0)
input = torch.randn(2, 3)
F.softmax(input, dim=1)
F.log_softmax(input, dim=1)
torch.softmax(input, dim=0)
input.softmax(-1).sum(-1)
