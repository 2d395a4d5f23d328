import torch
x = torch.arange(4.0)
x[1]
x[4]
x[2]
