import torch
import torch.nn as nn
blocks = nn.ModuleList([nn.Linear(2, 2)])
blocks.extend(iter([nn.Tanh()]))
len(blocks)
blocks.extend(nn.Linear(2, 2))
